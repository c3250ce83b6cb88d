// Ecash taken while the mint cannot be reached (docs/protocol.md "Ecash taken offline"): the
// checks of offline-check.ts on the keysets cached at the last contact, the caps, then the sale
// and its swap journal written in one transaction. The journal is the one every ecash receipt
// uses, so the swap runs (EcashReceiver.resumeAll) as soon as the mint answers again.
import { getDecodedToken } from '@cashu/cashu-ts';
import type { Clock } from '../../../clock';
import type { Sale } from '../../../sale/sale';
import { parseEcashProofs, MALFORMED_TOKEN_MESSAGE } from '../ecash-input';
import { ValidationError } from '../../../errors';
import { mintUrlKey } from '../../../urls/normalise-url';
import type { EcashReceiptStore, PendingEcashReceipt } from '../ports';
import { checkOfflineCaps, type OfflineCaps } from './offline-caps';
import { checkOfflineEcash } from './offline-check';
import type { KeysetCache, OfflineSaleRow, OfflineSaleStore } from './offline-ports';
import { OfflineRefusedError } from './offline-refusal';
import { offlineSaleRequest } from './offline-request';

/** A sale taken offline: recorded, its sats arrive in the balance when the swap is made. */
export interface OfflineTaken {
  status: 'offline';
  id: string;
  /** the sale's amount in sats */
  amount: number;
  /** the sats the proofs carry before the swap fee */
  paid: number;
}

/** Where an offline sale stands: waiting for the mint, redeemed, or refused by it (kept). */
export type OfflineSaleStatus =
  { state: 'waiting' } | { state: 'redeemed' } | { state: 'refused'; reason: string };

export type OfflineSaleView = OfflineSaleRow & { status: OfflineSaleStatus };

export interface OfflineEcashDeps {
  keysets: KeysetCache;
  sales: OfflineSaleStore;
  receipts: Pick<EcashReceiptStore, 'get' | 'list'>;
  caps(): Promise<OfflineCaps>;
  /** the shop's ecash lock key; null while the till is locked (the seed is sealed) */
  lockPubkey(): Promise<string | null>;
  shopName(): Promise<string>;
  clock: Clock;
  /** unix ms of the local day's start, for the daily cap */
  dayStart?: (now: number) => number;
}

function localDayStart(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** A pasted token has no request id: its first secret names it (as ecash-receiver.ts does). */
function receiptId(secrets: string[]): string {
  return `token:${[...secrets].sort()[0] ?? ''}`;
}

export class OfflineEcash {
  constructor(private readonly deps: OfflineEcashDeps) {}

  /** The request shown while the mint is out of reach; null when offline ecash cannot be taken. */
  async request(mintUrl: string, amount: number): Promise<string | null> {
    const [caps, lockPubkey, keysets] = await Promise.all([
      this.deps.caps(),
      this.deps.lockPubkey(),
      this.deps.keysets.list(mintUrlKey(mintUrl)),
    ]);
    if (!caps.enabled || !lockPubkey || keysets.length === 0 || amount > caps.perSale) return null;
    const shopName = await this.deps.shopName();
    return offlineSaleRequest({ amount, mintUrl, shopName, lockPubkey }).toEncodedCreqA();
  }

  /**
   * Checks a token of `mintUrl` (accepted by the caller) for `sale` with no network and records
   * it; throws OfflineRefusedError (or ValidationError for junk) storing nothing when a check fails.
   */
  async take(text: string, mintUrl: string, sale: Sale): Promise<OfflineTaken> {
    const [keysets, lockPubkey, caps] = await Promise.all([
      this.deps.keysets.list(mintUrlKey(mintUrl)),
      this.deps.lockPubkey(),
      this.deps.caps(),
    ]);
    if (!caps.enabled) throw new OfflineRefusedError({ kind: 'off' });
    if (!lockPubkey) throw new OfflineRefusedError({ kind: 'till-locked' });
    let decoded;
    try {
      decoded = getDecodedToken(
        text,
        keysets.map((k) => k.id),
      );
    } catch {
      throw new ValidationError(MALFORMED_TOKEN_MESSAGE);
    }
    const unit = decoded.unit ?? 'sat';
    if (unit !== 'sat') throw new OfflineRefusedError({ kind: 'wrong-unit', unit });
    const proofs = parseEcashProofs(decoded.proofs, unit);
    const secrets = proofs.map((p) => p.secret);
    const seen = await this.deps.sales.taken(secrets);
    const now = this.deps.clock();
    const { paid, fee } = checkOfflineEcash(
      { proofs, unit, keysets, lockPubkey, amount: sale.amount, now },
      (secret) => seen.has(secret),
    );
    const id = receiptId(secrets);
    const row: OfflineSaleRow = { id, mintUrl, amount: sale.amount, paid, takenAt: now, secrets };
    const journal: PendingEcashReceipt = {
      id,
      mintUrl,
      inputs: proofs,
      amount: sale.amount,
      fee,
      createdAt: now,
      offline: { takenAt: now },
      ...(sale.fiat ? { fiat: sale.fiat } : {}),
      ...(sale.lines ? { sale: sale.lines } : {}),
    };
    const dayStart = (this.deps.dayStart ?? localDayStart)(now);
    // The caps again inside the transaction: two tabs taking at once see each other's sales.
    const { taken } = await this.deps.sales.takeOffline(row, journal, dayStart, (totals) =>
      checkOfflineCaps(caps, paid, totals),
    );
    if (!taken) throw new OfflineRefusedError({ kind: 'taken-before' });
    return { status: 'offline', id, amount: sale.amount, paid };
  }

  /** Whether any offline sale still waits for its swap (refused ones too: kept for a retry). */
  async waiting(): Promise<boolean> {
    return (await this.deps.receipts.list()).some((row) => row.offline !== undefined);
  }

  /** The latest offline sales with where each stands (a journal row gone: redeemed). */
  async list(limit = 50): Promise<OfflineSaleView[]> {
    const rows = await this.deps.sales.list(limit);
    return Promise.all(
      rows.map(async (row) => {
        const journal = await this.deps.receipts.get(row.id);
        const refused = journal?.offline?.refused;
        const status: OfflineSaleStatus = !journal
          ? { state: 'redeemed' }
          : refused
            ? { state: 'refused', reason: refused }
            : { state: 'waiting' };
        return { ...row, status };
      }),
    );
  }
}
