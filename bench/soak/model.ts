// What the soak expects: every sale a customer paid, every token and melt the merchant made, every
// restore scan, and which proofs each device gave up and when; and, at the end, the check of all
// that against what the mint says and what each device stored (pure: the caller gathers the facts).
import { parseGlobalId } from '../../src/core/backup/records/record-event.ts';
import { metadataOf } from '../../src/core/history-metadata.ts';
import { historyKind } from '../../src/core/history-kinds.ts';
import { eventFee } from '../../src/core/records/csv.ts';
import { isSale, refundLinkOf } from '../../src/core/receipts/refunds.ts';
import type { HistoryEvent } from '../../src/core/history-ports.ts';
import type { StoredProof } from '../../src/core/wallet/proof-ports.ts';

export type DeviceName = 'device-1' | 'device-2';
export const DEVICES: readonly DeviceName[] = ['device-1', 'device-2'];

export type SaleKind = 'local' | 'remote' | 'ecash';

/** A sale offered to a customer: paid or not is read from the mint at the end. */
export interface SaleRecord {
  op: number;
  kind: SaleKind;
  device: DeviceName;
  /** the mint quote, or for ecash the receipt id the app files it under (tokenReceiptId) */
  key: string;
  /** what the customer gave: the invoice's amount, or the token's value */
  value: number;
  /** ecash: the secrets of the customer's token */
  secrets?: string[];
}

/** A withdrawal or refund token the app built, and what became of it. */
export interface TokenRecord {
  op: number;
  device: DeviceName;
  id: string;
  amount: number;
  secrets: string[];
  /** each secret's sats, as stored when the token was built */
  values: number[];
  refundOf?: number;
  /** redeemed: the customer's wallet took it; cancelled: swapped back by the merchant */
  fate: 'redeemed' | 'cancelled' | 'open';
  /**
   * Sats of its proofs the phrase's other device had already spent when it was built: a
   * mismatch, since every money-out checks the proofs' states first (decision 0049). Its spent
   * watch records them as redeemed, and no customer can redeem it.
   */
  staleValue: number;
}

/** A melt quote the app was asked to pay; PAID or not is read from the mint at the end. */
export interface MeltRecord {
  op: number;
  device: DeviceName;
  quote: string;
  amount: number;
  refundOf?: number;
}

export interface ScanRecord {
  op: number;
  device: DeviceName;
}

/** A stored proof as a look sees it. */
export interface SeenProof {
  secret: string;
  amount: number;
}

export function otherDevice(device: DeviceName): DeviceName {
  return device === 'device-1' ? 'device-2' : 'device-1';
}

/** The soak's book of what should have happened. */
export class Model {
  readonly sales: SaleRecord[] = [];
  readonly tokens: TokenRecord[] = [];
  readonly melts: MeltRecord[] = [];
  readonly scans: ScanRecord[] = [];
  /**
   * Secrets each device stored unspent at one look and not at a later one (it gave them up), with
   * the round of the look that found them gone (the last time, should one come back).
   */
  readonly consumed: Record<DeviceName, Map<string, number>> = {
    'device-1': new Map(),
    'device-2': new Map(),
  };
  /** Each secret's sats, as last seen. */
  readonly sats = new Map<string, number>();
  private readonly lastSeen: Record<DeviceName, Set<string>> = {
    'device-1': new Set(),
    'device-2': new Set(),
  };
  private round = 0;

  /** The looks that follow belong to a new round: after the next operation, or the end's work. */
  nextRound(): void {
    this.round += 1;
  }

  /** A look at a device's stored unspent proofs; what left since the last look was given up. */
  look(device: DeviceName, proofs: Iterable<SeenProof>): void {
    const now = new Set<string>();
    for (const proof of proofs) {
      now.add(proof.secret);
      this.sats.set(proof.secret, proof.amount);
      // Back again (a melt that failed, sealed proofs opened): not given up after all.
      this.consumed[device].delete(proof.secret);
    }
    for (const secret of this.lastSeen[device]) {
      if (!now.has(secret)) this.consumed[device].set(secret, this.round);
    }
    this.lastSeen[device] = now;
  }

  /** Proofs `device` holds that the phrase's other device gave up (spent) before now. */
  spentByOther(device: DeviceName, secrets: Iterable<string>): string[] {
    const other = this.consumed[otherDevice(device)];
    return [...secrets].filter((secret) => other.has(secret));
  }

  /**
   * What `device`'s state checks must have removed as spent elsewhere (decision 0049): the proofs
   * it gave up that the other device had given up in an earlier round (`sure`), and those both
   * gave up in the same round (`either`: one of the two spent them, the other removed them).
   */
  spentElsewhere(device: DeviceName): { sure: SeenProof[]; either: SeenProof[] } {
    const other = this.consumed[otherDevice(device)];
    const sure: SeenProof[] = [];
    const either: SeenProof[] = [];
    for (const [secret, round] of this.consumed[device]) {
      const otherRound = other.get(secret);
      if (otherRound === undefined || otherRound > round) continue;
      const proof = { secret, amount: this.sats.get(secret) ?? 0 };
      (otherRound < round ? sure : either).push(proof);
    }
    return { sure, either };
  }

  tokenById(id: string): TokenRecord | undefined {
    return this.tokens.find((token) => token.id === id);
  }

  /** Sats the customer's wallet took from the merchant's tokens. */
  customerRedeemed(): number {
    return this.tokens
      .filter((token) => token.fate === 'redeemed')
      .reduce((sum, token) => sum + token.amount, 0);
  }
}

/** The mint's answers the final check needs, gathered beforehand. */
export interface MintFacts {
  /** mint quote → PAID or ISSUED (a customer paid it) */
  quotePaid: ReadonlyMap<string, boolean>;
  /** secret → NUT-07 state */
  proofState: ReadonlyMap<string, 'UNSPENT' | 'PENDING' | 'SPENT'>;
  /** melt quote → its state and the routing fee it cost */
  melts: ReadonlyMap<string, { state: string; amount: number; feePaid: number }>;
}

/**
 * A stored history row: a row of another device on the phrase carries its global id
 * `<device key>:<its id there>` (decision 0051); this device's own rows have none.
 */
export type HistoryRow = HistoryEvent & { gid?: string };

/** What one device stored, read at the end. */
export interface DeviceFacts {
  name: DeviceName;
  /** its device key (x-only hex), the author of the history it replicates */
  deviceKey: string;
  /** the balance the wallet screen shows (proof totals) */
  balance: number;
  proofs: StoredProof[];
  history: HistoryRow[];
  /** work left half done: journals and pending rows that every resume should have finished */
  leftovers: string[];
}

export interface Mismatch {
  device?: DeviceName;
  op?: number;
  /** when the row concerned was written (to name the operation running then) */
  at?: number;
  what: string;
}

export interface CheckReport {
  mismatches: Mismatch[];
  /** per device: what its `spent-elsewhere` rows removed, and the other device's rows it holds */
  devices: Partial<
    Record<DeviceName, { spentElsewhere: { proofs: number; sats: number }; replicas: number }>
  >;
  figures: {
    customersPaid: number;
    customersRedeemed: number;
    meltedOut: number;
    merchantHolds: number;
    unaccounted: number;
  };
}

/** A history row as the check expects it: by key (sales, melts), by amount, or by count. */
export interface ExpectedRow {
  op: number;
  device: DeviceName;
  type: string;
  amount?: number;
  key?: string;
}

const SALE_TYPE: Record<SaleKind, string> = {
  local: 'direct-payment',
  remote: 'remote-payment',
  ecash: 'ecash-payment',
};

/** Whether a sale's customer paid, by the mint: a paid quote, or a token whose proofs are spent. */
export function salePaid(sale: SaleRecord, mint: MintFacts): boolean | 'partly' {
  if (sale.kind !== 'ecash') return mint.quotePaid.get(sale.key) === true;
  const states = (sale.secrets ?? []).map((secret) => mint.proofState.get(secret));
  if (states.every((state) => state === 'SPENT')) return true;
  if (states.every((state) => state === 'UNSPENT')) return false;
  return 'partly';
}

/** Every history row the book says each device must have, from the mint's answers. */
export function expectedRows(model: Model, mint: MintFacts): ExpectedRow[] {
  const rows: ExpectedRow[] = [];
  for (const sale of model.sales) {
    if (salePaid(sale, mint) !== true) continue;
    rows.push({
      op: sale.op,
      device: sale.device,
      type: SALE_TYPE[sale.kind],
      key: sale.key,
      amount: sale.value,
    });
  }
  for (const melt of model.melts) {
    if (mint.melts.get(melt.quote)?.state !== 'PAID') continue;
    rows.push({
      op: melt.op,
      device: melt.device,
      type: melt.refundOf === undefined ? 'cash-out' : 'refund',
      key: melt.quote,
      amount: melt.amount,
    });
  }
  for (const token of model.tokens) {
    const spentType = token.refundOf === undefined ? 'withdrawal' : 'refund';
    // Flagged by finalCheck; its watch's row is expected so the flag is its one mismatch.
    if (token.staleValue > 0) {
      rows.push({ op: token.op, device: token.device, type: spentType, amount: token.staleValue });
    }
    if (token.fate === 'redeemed') {
      rows.push({ op: token.op, device: token.device, type: spentType, amount: token.amount });
    } else if (token.fate === 'cancelled' && token.amount > token.staleValue) {
      // Without input fees a cancel costs nothing: the row's amount is the fee, 0.
      rows.push({ op: token.op, device: token.device, type: 'token-cancelled', amount: 0 });
    }
  }
  for (const scan of model.scans) rows.push({ op: scan.op, device: scan.device, type: 'restore' });
  return rows;
}

/**
 * Matches a device's rows to the expected ones: keyed rows by type and key (amount compared),
 * the others by type and amount, restores by count. Returns what is missing and what is extra.
 */
export function compareHistory(
  device: DeviceName,
  expected: ExpectedRow[],
  actual: HistoryEvent[],
): Mismatch[] {
  const mismatches: Mismatch[] = [];
  const left = [...actual];
  const take = (match: (row: HistoryEvent) => boolean) => {
    const index = left.findIndex(match);
    return index < 0 ? undefined : left.splice(index, 1)[0];
  };
  const mine = expected.filter((row) => row.device === device);
  // Keyed rows first: an amount-only match must not take a keyed sale's row.
  const ordered = [...mine.filter((r) => r.key), ...mine.filter((r) => !r.key)];
  for (const want of ordered) {
    const found = want.key
      ? take((row) => row.type === want.type && row.quoteId === want.key)
      : take(
          (row) =>
            row.type === want.type && (want.amount === undefined || row.amount === want.amount),
        );
    if (!found) {
      mismatches.push({
        device,
        op: want.op,
        what: `missing history row: ${want.type}${want.key ? ` ${want.key}` : ''}${
          want.amount !== undefined ? ` of ${want.amount} sats` : ''
        }`,
      });
    } else if (want.key && want.amount !== undefined && found.amount !== want.amount) {
      mismatches.push({
        device,
        op: want.op,
        what: `history row ${want.type} ${want.key} is ${found.amount} sats, expected ${want.amount}`,
      });
    }
  }
  for (const row of left) {
    mismatches.push({
      device,
      at: row.createdAt,
      what: `unexpected history row #${row.id}: ${row.type} of ${row.amount} sats${
        row.quoteId ? ` (${row.quoteId})` : ''
      }`,
    });
  }
  return mismatches;
}

/** This device's own rows (the other device's replicas carry a global id, decision 0051). */
export function ownRows(rows: readonly HistoryRow[]): HistoryRow[] {
  return rows.filter((row) => row.gid === undefined && row.device === undefined);
}

/**
 * The other device's rows on `device`: each once (by global id), the copy of one of the other
 * device's own replicated rows (same kind, sats and quote), and every one of those present.
 */
export function compareReplicas(device: DeviceFacts, other: DeviceFacts | undefined): Mismatch[] {
  const mismatches: Mismatch[] = [];
  const name = device.name;
  const origins = new Map<number, HistoryRow>();
  if (other) {
    for (const row of ownRows(other.history)) {
      if (historyKind(row.type)?.replicated) origins.set(row.id, row);
    }
  }
  const seen = new Set<number>();
  for (const row of device.history) {
    if (row.gid === undefined && row.device === undefined) continue;
    const gid = parseGlobalId(row.gid);
    const origin =
      gid && other && gid.device === other.deviceKey && row.device === gid.device
        ? origins.get(gid.id)
        : undefined;
    const label = `history row #${row.id} from another device (${row.gid ?? 'no id'}): ${row.type} of ${row.amount} sats`;
    if (!origin || seen.has(origin.id)) {
      mismatches.push({ device: name, at: row.createdAt, what: `unexpected ${label}` });
      continue;
    }
    seen.add(origin.id);
    if (
      origin.type !== row.type ||
      origin.amount !== row.amount ||
      (origin.quoteId ?? '') !== (row.quoteId ?? '')
    ) {
      mismatches.push({
        device: name,
        at: row.createdAt,
        what: `${label} differs from its origin #${origin.id}: ${origin.type} of ${origin.amount} sats`,
      });
    }
  }
  for (const origin of origins.values()) {
    if (seen.has(origin.id)) continue;
    mismatches.push({
      device: name,
      at: origin.createdAt,
      what: `missing ${other!.name}'s history row #${origin.id}: ${origin.type} of ${origin.amount} sats`,
    });
  }
  return mismatches;
}

/**
 * A device's `spent-elsewhere` rows against the proofs the model saw the other device spend
 * first: their sats and proof count, exact but for proofs both gave up in one round (either may
 * have been the one that removed them; finalCheck settles those across both devices).
 */
export function spentElsewhereRows(
  model: Model,
  device: DeviceFacts,
): { found: { proofs: number; sats: number }; mismatches: Mismatch[]; either: SeenProof[] } {
  const rows = ownRows(device.history).filter((row) => row.type === 'spent-elsewhere');
  const found = { proofs: 0, sats: 0 };
  for (const row of rows) {
    found.sats += row.amount;
    const count = metadataOf(row).numProofs;
    found.proofs += typeof count === 'number' ? count : 0;
  }
  const { sure, either } = model.spentElsewhere(device.name);
  const low = { proofs: sure.length, sats: sum(sure) };
  const high = { proofs: low.proofs + either.length, sats: low.sats + sum(either) };
  const mismatches: Mismatch[] = [];
  if (
    found.sats < low.sats ||
    found.sats > high.sats ||
    found.proofs < low.proofs ||
    found.proofs > high.proofs
  ) {
    const range =
      either.length === 0
        ? `${low.proofs} proofs of ${low.sats} sats`
        : `${low.proofs} to ${high.proofs} proofs of ${low.sats} to ${high.sats} sats`;
    mismatches.push({
      device: device.name,
      what: `spent-elsewhere rows remove ${found.proofs} proofs of ${found.sats} sats; the other device spent ${range} of them first`,
    });
  }
  return { found, mismatches, either };
}

function sum(proofs: readonly SeenProof[]): number {
  return proofs.reduce((total, proof) => total + proof.amount, 0);
}

/**
 * What the history says the balance is: sats in, less sats out with the fees a cash-out or
 * refund paid, plus change a mint returned beyond what it owed. Only the device's own rows: the
 * other device's replicas moved that device's money, and what left this device because the other
 * spent it is this device's `spent-elsewhere` row (decisions 0049, 0051).
 */
export function historyNet(rows: readonly HistoryRow[]): number {
  let net = 0;
  for (const row of ownRows(rows)) {
    const kind = historyKind(row.type);
    if (!kind) continue;
    if (kind.direction === 'in') {
      net += row.amount;
      continue;
    }
    const extra = metadataOf(row).extraChange;
    net -= row.amount + (eventFee(row) ?? 0);
    if (typeof extra === 'number' && Number.isFinite(extra)) net += extra;
  }
  return net;
}

/** Refunds beyond what their sale took (decision 0034 says never). */
export function overRefunded(device: DeviceName, history: readonly HistoryEvent[]): Mismatch[] {
  const refunded = new Map<number, number>();
  for (const row of history) {
    const link = refundLinkOf(row);
    if (link) refunded.set(link.refundOf, (refunded.get(link.refundOf) ?? 0) + row.amount);
  }
  const found: Mismatch[] = [];
  for (const row of history) {
    const total = refunded.get(row.id) ?? 0;
    if (isSale(row) && total > row.amount) {
      found.push({
        device,
        at: row.createdAt,
        what: `sale #${row.id} of ${row.amount} sats refunded ${total}`,
      });
    }
  }
  return found;
}

/** The whole end check: history, balances, proofs against the mint, and the sats conserved. */
export function finalCheck(model: Model, mint: MintFacts, devices: DeviceFacts[]): CheckReport {
  const mismatches: Mismatch[] = [];
  const report: CheckReport['devices'] = {};
  const expected = expectedRows(model, mint);

  for (const sale of model.sales) {
    if (salePaid(sale, mint) === 'partly') {
      mismatches.push({ op: sale.op, what: `ecash sale ${sale.key}: only part of it is spent` });
    }
  }
  for (const melt of model.melts) {
    const state = mint.melts.get(melt.quote)?.state;
    if (state === 'PENDING') mismatches.push({ op: melt.op, what: `melt ${melt.quote} pending` });
  }
  for (const token of model.tokens) {
    if (token.staleValue > 0) {
      mismatches.push({
        device: token.device,
        op: token.op,
        what: `token ${token.id} was built with ${token.staleValue} sats the other device had spent`,
      });
    }
    if (token.fate === 'open') {
      mismatches.push({
        device: token.device,
        op: token.op,
        what: `token ${token.id} never redeemed nor cancelled`,
      });
    }
  }

  const held = new Map<string, number>();
  const either = new Map<string, number>();
  let spentElsewhereSats = 0;
  for (const device of devices) {
    const { name } = device;
    for (const leftover of device.leftovers) {
      mismatches.push({ device: name, what: `left unfinished: ${leftover}` });
    }
    const stored = device.proofs.reduce((sum, proof) => sum + proof.amount, 0);
    if (stored !== device.balance) {
      mismatches.push({
        device: name,
        what: `balance ${device.balance} sats, but its unspent proofs add up to ${stored}`,
      });
    }
    for (const proof of device.proofs) {
      const state = mint.proofState.get(proof.secret);
      if (state === 'UNSPENT') {
        held.set(proof.secret, proof.amount);
      } else {
        mismatches.push({
          device: name,
          what: `a stored proof of ${proof.amount} sats is ${state ?? 'unknown'} at the mint`,
        });
      }
    }
    const own = ownRows(device.history).filter((row) => row.type !== 'spent-elsewhere');
    mismatches.push(...compareHistory(name, expected, own));
    const other = devices.find((d) => d.name === otherDevice(name));
    const replicas = compareReplicas(device, other);
    mismatches.push(...replicas);
    const elsewhere = spentElsewhereRows(model, device);
    mismatches.push(...elsewhere.mismatches);
    spentElsewhereSats += elsewhere.found.sats;
    for (const proof of elsewhere.either) either.set(proof.secret, proof.amount);
    report[name] = {
      spentElsewhere: elsewhere.found,
      replicas: device.history.length - ownRows(device.history).length,
    };
    mismatches.push(...overRefunded(name, device.history));
    const net = historyNet(device.history);
    if (net !== device.balance) {
      mismatches.push({
        device: name,
        what: `history adds up to ${net} sats, the balance is ${device.balance}`,
      });
    }
  }

  // Each proof both devices gave up in one round was removed as spent elsewhere by exactly one.
  let sureSats = 0;
  for (const device of devices) sureSats += sum(model.spentElsewhere(device.name).sure);
  const eitherSats = [...either.values()].reduce((total, sats) => total + sats, 0);
  if (either.size > 0 && spentElsewhereSats !== sureSats + eitherSats) {
    mismatches.push({
      what: `spent-elsewhere rows remove ${spentElsewhereSats} sats on both devices, expected ${sureSats + eitherSats}`,
    });
  }

  let customersPaid = 0;
  for (const sale of model.sales) if (salePaid(sale, mint) === true) customersPaid += sale.value;
  let meltedOut = 0;
  for (const melt of model.melts) {
    const found = mint.melts.get(melt.quote);
    if (found?.state === 'PAID') meltedOut += found.amount + found.feePaid;
  }
  const customersRedeemed = model.customerRedeemed();
  const merchantHolds = [...held.values()].reduce((sum, sats) => sum + sats, 0);
  const unaccounted = customersPaid - customersRedeemed - meltedOut - merchantHolds;
  if (unaccounted !== 0) {
    mismatches.push({
      what: `sats not conserved: customers paid ${customersPaid}, redeemed ${customersRedeemed}, melted ${meltedOut}, the devices hold ${merchantHolds} (${unaccounted > 0 ? `${unaccounted} lost` : `${-unaccounted} too many`})`,
    });
  }
  return {
    mismatches,
    devices: report,
    figures: { customersPaid, customersRedeemed, meltedOut, merchantHolds, unaccounted },
  };
}
