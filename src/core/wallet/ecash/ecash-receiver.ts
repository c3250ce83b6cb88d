// Taking a sale's payment as ecash (NUT-18 payload or pasted token): checks, then a swap at the
// customer's mint into outputs of our own, journaled like a mint (docs/protocol.md "Receiving ecash").
import { formatSats } from '../../format-sats';
import { CheckStateEnum, splitAmount, type Wallet } from '@cashu/cashu-ts';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { errorWords, MintUnreachableError, ValidationError } from '../../errors';
import type { WalletEvents } from '../../events';
import type { LockedSaleBackupHook } from '../../backup/locked-sale-backups';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { CounterReservation, LockedOutputs } from '../mint/ports';
import type { NewProof, ProofStore } from '../proof-ports';
import type { EcashSaleLines, EcashLedger, EcashReceiptStore, PendingEcashReceipt } from './ports';
import type { CounterSource } from '@cashu/cashu-ts';
import type { FiatRecord } from '../../prices/currencies';
import { saleUnit, type Sale } from '../../sale/sale';
import { SAT, unitDecimals, type Unit } from '../../units/unit';
import { mintUrlKey } from '../../urls/normalise-url';
import {
  firstUnusedCounter,
  reserveAndRecord,
  restoreReservation,
} from '../mint/deterministic-mint';
import { newLockedOutputs, restoreLocked, swapLocked } from '../mint/locked-mint';
import { isDefiniteRefusal, NutCode, refusalCode, toMintError } from '../mint-errors';
import { sumSats, toNewProof } from '../proof-convert';
import { toCashuProof } from '../withdraw/withdraw-token';
import type { SeededWallet, WalletProvider } from '../wallet-provider';
import { decodeTokenWith, parseEcashProofs, tokenMint, wrongUnitRefusal } from './ecash-input';
import { ecashSale } from './ecash-sale';
import {
  checkEcashLock,
  ecashLockKey,
  hasSpendingCondition,
  type EcashLockKey,
} from './ecash-lock';
import { PreparedOutputs } from './prepared-outputs';
import { generatorTable } from './vartime-ec';
import { failingDleqs, type DleqItem } from './proof-dleq';
import { repairJournal } from './journal-repair';
import type { OfflineTaken } from './offline/offline-ecash';
import type { StaffRef } from '../../staff/staff';

export const ECASH_SPENT_MESSAGE = 'This ecash was already spent';
export const ECASH_DLEQ_MESSAGE = "The mint's signature on this ecash does not check out";
export const ECASH_KEYSET_MESSAGE = 'This ecash is not from a keyset of its mint';
export const ECASH_AMOUNT_MESSAGE = 'Amount must be a positive whole number of sats';
export { MALFORMED_TOKEN_MESSAGE } from './ecash-input';

/** Refusals with a mint or figures: their catalog key and values beside the English (0063). */
export const notAcceptedWords = (mintUrl: string) =>
  errorWords('NOT_ACCEPTED', { mint: mintUrl }, `Ecash from ${mintUrl} is not accepted here`);

/** A figure of a currency unit in its major unit: 350 cents of usd is "3.50 USD". */
const inMajor = (minor: number, unit: Unit) =>
  `${(minor / 10 ** unitDecimals(unit)).toFixed(unitDecimals(unit))} ${unit.toUpperCase()}`;

export const shortWords = (paid: number, fee: number, amount: number, unit: Unit = SAT) =>
  unit === SAT
    ? errorWords(
        'ECASH_SHORT',
        { paid, fee, amount },
        `This ecash is ${formatSats(paid)} sats less the mint's ${formatSats(fee)} sat swap fee; the sale is ${formatSats(amount)} sats`,
      )
    : errorWords(
        'ECASH_SHORT_IN_UNIT',
        { paid: inMajor(paid, unit), fee: inMajor(fee, unit), amount: inMajor(amount, unit) },
        `This ecash is ${inMajor(paid, unit)} less the mint's ${inMajor(fee, unit)} swap fee; the sale is ${inMajor(amount, unit)}`,
      );

export const notAcceptedMessage = (mintUrl: string) => notAcceptedWords(mintUrl).message;

export const shortMessage = (paid: number, fee: number, amount: number, unit: Unit = SAT) =>
  shortWords(paid, fee, amount, unit).message;

/** Why the mint's part of a token was not done yet: kept, and looked at again later. */
export const MINT_KEPT_MESSAGE = 'The mint did not answer; the ecash is kept and swapped later';
export const MINT_BUSY_MESSAGE = 'The mint is still processing this ecash';

/** A journaled receipt's unit: rows from before units, and every sat sale's, name none. */
function receiptUnit(row: Pick<PendingEcashReceipt, 'unit'>): Unit {
  return row.unit ?? SAT;
}

export interface EcashReceiverDeps {
  receipts: EcashReceiptStore;
  ledger: EcashLedger;
  proofs: ProofStore;
  counters: CounterSource;
  wallets: Pick<WalletProvider, 'getSeededWallet' | 'getSeedlessWallet'>;
  /** the mints whose ecash the merchant takes (the configured mint) */
  acceptedMints(): Promise<string[]>;
  /**
   * true while the seed is sealed (decision 0024): ecash is then swapped into random outputs
   * journaled first, as a locked till mints, and the proofs are sealed at rest (decision 0030)
   */
  seedSealed?: () => Promise<boolean>;
  /** The sales public key while a PIN is set: a locked swap's journal is sealed to it. */
  salesPublicKey?: () => string | undefined;
  /** Backs up a swap made while locked on the relays before it is sent (decision 0050). */
  lockedBackup?: LockedSaleBackupHook;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
  lock?: QuoteLock;
  /** test seam between the steps of a receipt (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  /**
   * Where `prepare` keeps the outputs it derives; shared with the Lightning minter, which takes
   * them when the sale is paid by invoice instead. Omitted: one of its own.
   */
  prepared?: PreparedOutputs;
  /**
   * Takes a token with no network when the mint cannot be reached; absent: such a token is
   * refused as before (docs/protocol.md "Ecash taken offline").
   */
  offline?: OfflineTaking;
}

export interface OfflineTaking {
  /** the device says it has no network: the mint is not tried at all */
  deviceOffline(): boolean;
  take(text: string, mintUrl: string, sale: Sale): Promise<OfflineTaken>;
}

export interface EcashPayment {
  /** the payment request's id, or a token's (see `tokenReceiptId`) */
  id: string;
  mintUrl: string;
  /** as received: checked here before anything is stored */
  proofs: unknown;
  unit?: unknown;
  /**
   * The unit the sale is charged in (the till's): the ecash must be in it, by its keysets, or is
   * refused by name; absent: sats. `amount` is in its minor units.
   */
  tillUnit?: Unit;
  /** the sale's amount in sats (or in `tillUnit`'s minor units) */
  amount: number;
  fiat?: FiatRecord;
  /** the sale's lines; a cart's tip (a remote sale's) stays, the overpayment is added to it */
  sale?: EcashSaleLines;
  /** the invoice of the same sale, closed in the transaction that records the ecash */
  closesQuote?: string;
  /** the request asked for proofs locked to the merchant (NUT-18 locking field) */
  lockRequired?: boolean;
  /** who at the till charged the sale */
  staff?: StaffRef;
}

export type EcashReceived =
  | {
      status: 'received';
      id: string;
      /** the sats that arrived (after the swap fee) */
      amount: number;
      tipSats: number;
      fee: number;
      balance: number;
    }
  | { status: 'duplicate'; id: string };

/** A sale recorded by start-up repair, and the invoice of the same sale it closed. */
export type EcashLanded = Extract<EcashReceived, { status: 'received' }> & { closesQuote?: string };

/** A pasted token has no request id: its first secret names it, so pasting it twice lands once. */
export function tokenReceiptId(proofs: NewProof[]): string {
  return `token:${[...proofs.map((p) => p.secret)].sort()[0] ?? ''}`;
}

/**
 * The keyset of a proof a customer handed over, with its keys, from the mint `wallet` talks to;
 * a keyset that mint does not list is refused, its answer logged as `what`.
 */
export async function customerKeyset(wallet: Wallet, id: string, logger: Logger, what: string) {
  try {
    return await wallet.keyChain.ensureKeysetKeys(id);
  } catch (error) {
    logger.info(what, error);
    throw new ValidationError(ECASH_KEYSET_MESSAGE);
  }
}

async function callMint<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toMintError(error);
  }
}

/** At most this many swap/recover rounds per attempt; the journal keeps the rest for later. */
const MAX_ROUNDS = 4;

/** The swap's inputs without their DLEQ proofs: checked once, before the journal (checkSignatures). */
function swapInputs(inputs: NewProof[]) {
  // cashu-ts verifies any DLEQ an input carries again; the mint does not need it.
  return inputs.map(({ dleq: _checked, ...input }) => toCashuProof(input));
}

export class EcashReceiver {
  private readonly lock: QuoteLock;
  private readonly checkpoint: Checkpoint;
  /** The lock key of the last seed seen: derived once, not at every payment. */
  private lockKeyCache: { seed: Uint8Array; key: EcashLockKey } | null = null;
  private readonly prepared: PreparedOutputs;

  constructor(private readonly deps: EcashReceiverDeps) {
    this.prepared = deps.prepared ?? new PreparedOutputs();
    this.lock = deps.lock ?? defaultQuoteLock();
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
  }

  /**
   * Checks the payment (shape, unit, accepted mint, keysets, DLEQ, amount after the fee) and
   * throws ValidationError storing nothing when one fails; then journals it and swaps it at once.
   * A refused swap drops the journal (ECASH_SPENT_MESSAGE when spent); an unclear one keeps it,
   * throwing MintUnreachableError, and `recoverAll` finishes it.
   */
  async receive(payment: EcashPayment): Promise<EcashReceived> {
    const { amount } = payment;
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new ValidationError(ECASH_AMOUNT_MESSAGE);
    }
    const unit = payment.tillUnit ?? SAT;
    const inputs = parseEcashProofs(payment.proofs, payment.unit, unit);
    const [mintUrl, sealed] = await Promise.all([
      this.acceptedMint(payment.mintUrl),
      this.sealed(),
    ]);
    if (sealed) this.forgetPrepared();
    // One wallet (and seed) read for the checks, the lock key and the swap.
    // The till unit's wallet: its swap's outputs are on that unit's keyset (decision 0067).
    const seeded = sealed
      ? null
      : await callMint(() => this.deps.wallets.getSeededWallet(mintUrl, unit));
    const wallet = seeded
      ? seeded.wallet
      : await callMint(() => this.deps.wallets.getSeedlessWallet(mintUrl, unit));
    await this.checkSignatures(wallet, inputs, unit);
    // The key ecash is locked to (docs/protocol.md "Ecash locked to the merchant"); none while sealed.
    const key = seeded && inputs.some(hasSpendingCondition) ? this.lockKeyOf(seeded.seed) : null;
    checkEcashLock(inputs, payment.lockRequired ?? false, key);
    const paid = sumSats(inputs);
    const fee = wallet.getFeesForProofs(inputs.map(toCashuProof)).toNumber();
    if (paid - fee < amount) throw new ValidationError(shortWords(paid, fee, amount, unit));
    const row: PendingEcashReceipt = {
      id: payment.id,
      mintUrl,
      ...(unit === SAT ? {} : { unit }),
      inputs,
      amount,
      fee,
      createdAt: this.deps.clock(),
      ...(payment.fiat ? { fiat: payment.fiat } : {}),
      ...(payment.sale ? { sale: payment.sale } : {}),
      ...(payment.closesQuote ? { closesQuote: payment.closesQuote } : {}),
      ...(payment.staff ? { staff: payment.staff } : {}),
    };
    return this.lock(`cashew-ecash:${payment.id}`, async () => {
      if (!(await this.deps.ledger.beginEcashReceipt(row))) {
        return { status: 'duplicate', id: payment.id };
      }
      await this.checkpoint('ecash:journaled');
      return this.finish(row, seeded);
    });
  }

  /**
   * A `cashuA…`/`cashuB…` token pasted or scanned at the keypad for `sale`: its
   * mint must be accepted before the token is decoded (a cashuB token names keysets by short id,
   * resolved with the mint's keysets); then the same checks, swap and record as a payload.
   */
  async receiveToken(token: string, sale: Sale): Promise<EcashReceived | OfflineTaken> {
    const { text, mint } = tokenMint(token);
    const mintUrl = await this.acceptedMint(mint);
    const unit = saleUnit(sale);
    // Taking ecash with no network is for sats (docs/protocol.md "Ecash taken offline").
    const offline = unit === SAT ? this.deps.offline : undefined;
    if (offline?.deviceOffline()) return offline.take(text, mintUrl, sale);
    let wallet: Wallet;
    try {
      wallet = await this.walletFor(mintUrl, unit);
    } catch (error) {
      // Not loaded and not reachable: nothing was journaled, so the offline checks decide.
      if (offline && error instanceof MintUnreachableError)
        return offline.take(text, mintUrl, sale);
      throw error;
    }
    const decoded = decodeTokenWith(text, wallet);
    const proofs = parseEcashProofs(decoded.proofs, decoded.unit ?? SAT, unit);
    return this.receive({
      id: tokenReceiptId(proofs),
      mintUrl: decoded.mint,
      proofs: decoded.proofs,
      unit: decoded.unit ?? SAT,
      ...(unit === SAT ? {} : { tillUnit: unit }),
      amount: sale.amount,
      ...(sale.fiat ? { fiat: sale.fiat } : {}),
      ...(sale.lines ? { sale: sale.lines } : {}),
      ...(sale.staff ? { staff: sale.staff } : {}),
    });
  }

  /**
   * Readies a sale's payment of `amount` sats at `mintUrl` while its request is open: the lock key,
   * G's table and the outputs for the counters the payment will likely reserve next (the swap's,
   * or the Lightning mint's when the invoice is paid instead). Reserves nothing
   * (see prepared-outputs.ts); a payment that finds other counters derives its own.
   */
  async prepare(mintUrl: string, amount: number, unit: Unit = SAT): Promise<void> {
    if (await this.sealed()) {
      this.forgetPrepared();
      return;
    }
    const { wallet, seed } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    const keyset = wallet.getKeyset();
    const next = (await this.deps.counters.snapshot?.())?.[keyset.id];
    this.lockKeyOf(seed);
    // Built once per page: the DLEQ checks of the customer's proofs and of the mint's reply
    // (a Lightning sale's too) start from it, so the first sale does not build it.
    generatorTable();
    if (next === undefined || !Number.isSafeInteger(amount) || amount <= 0) return;
    this.prepared.prepare(seed, keyset, next, splitAmount(amount, keyset.keys).length);
  }

  /**
   * Start-up repair: finishes every journaled receipt (swapped or not); never double-stores, never
   * rejects. Resolves with the sales it recorded, so the screen announces them as it does others.
   */
  resumeAll(): Promise<EcashLanded[]> {
    return repairJournal({
      rows: () => this.deps.receipts.list(),
      logger: this.deps.logger,
      unreadable: 'Could not read journaled ecash receipts',
      notFinished: (row) => `Ecash receipt ${row.id} not finished yet`,
      finish: (row) =>
        this.lock(`cashew-ecash:${row.id}`, async () => {
          const current = await this.deps.receipts.get(row.id);
          // Counters reserved unlocked, or inputs locked to our key, wait for the PIN.
          if (!current || (this.needsSeed(current) && (await this.sealed()))) return undefined;
          const result = await this.finish(current);
          return result.status === 'received' ? result : undefined;
        }),
    });
  }

  private async sealed(): Promise<boolean> {
    return (await this.deps.seedSealed?.()) ?? false;
  }

  /** While the till is locked nothing derived from the seed is kept here. */
  private forgetPrepared(): void {
    this.prepared.clear();
    this.lockKeyCache = null;
  }

  private lockKeyOf(seed: Uint8Array): EcashLockKey {
    if (this.lockKeyCache?.seed !== seed) this.lockKeyCache = { seed, key: ecashLockKey(seed) };
    return this.lockKeyCache.key;
  }

  /** The swap needs the seed: counters reserved unlocked, or inputs only our key may spend. */
  private needsSeed(row: PendingEcashReceipt): boolean {
    return row.reservation !== undefined || row.inputs.some(hasSpendingCondition);
  }

  /** The wallet the checks and the swap use: seedless while the till is locked. */
  private walletFor(mintUrl: string, unit: Unit): Promise<Wallet> {
    return callMint(async () =>
      (await this.sealed())
        ? this.deps.wallets.getSeedlessWallet(mintUrl, unit)
        : (await this.deps.wallets.getSeededWallet(mintUrl, unit)).wallet,
    );
  }

  private async acceptedMint(raw: string): Promise<string> {
    const key = typeof raw === 'string' ? mintUrlKey(raw) : '';
    const accepted = await this.deps.acceptedMints();
    const match = accepted.find((url) => mintUrlKey(url) === key);
    if (!match) throw new ValidationError(notAcceptedWords(String(raw)));
    return match;
  }

  /**
   * Every proof on a keyset of the mint in the till's unit, and a DLEQ proof, where the customer
   * sent one, that checks out when the mint supports NUT-12 (verify if present, NUT-12).
   */
  private async checkSignatures(wallet: Wallet, inputs: NewProof[], unit: Unit): Promise<void> {
    const dleq = wallet.getMintInfo().isSupported(12).supported;
    const dleqs: DleqItem[] = [];
    const { logger } = this.deps;
    for (const input of inputs) {
      const keyset = await customerKeyset(wallet, input.id, logger, 'Ecash on an unknown keyset');
      // A token's unit is not signed: proofs on a usd (or msat) keyset may say "sat". Their
      // keyset's unit decides, before any amount is counted (docs/protocol.md "Units").
      if (keyset.unit !== unit) throw wrongUnitRefusal(keyset.unit, unit);
      if (!dleq || !input.dleq) continue;
      const key = keyset.keys[input.amount];
      if (!key) throw new ValidationError(ECASH_DLEQ_MESSAGE);
      dleqs.push({ proof: input, mintKey: key });
    }
    // All of the token's DLEQs at once: the work they share is done once (proof-dleq.ts).
    if (failingDleqs(dleqs).length > 0) throw new ValidationError(ECASH_DLEQ_MESSAGE);
  }

  /**
   * Swaps a journaled receipt, or finds out what an earlier swap of it did. `checked`: the wallet
   * `receive` checked the payment with (null: the till was locked), so it is not read again.
   */
  private async finish(
    start: PendingEcashReceipt,
    checked?: SeededWallet | null,
  ): Promise<EcashReceived> {
    const sealed = checked === undefined ? await this.sealed() : checked === null;
    if (start.lockedOutputs || (!this.needsSeed(start) && sealed)) {
      return this.finishLocked(start);
    }
    let row = start;
    const { wallet, seed } =
      checked ??
      (await callMint(() => this.deps.wallets.getSeededWallet(row.mintUrl, receiptUnit(row))));
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let reservation = row.reservation;
      let fresh = false;
      if (reservation) {
        const outcome = await this.recover(wallet, row, reservation);
        if (outcome === 'stale') {
          row = await this.forgetReservation(wallet, row, reservation);
          continue;
        }
        if (outcome !== 'resend') return outcome;
      } else {
        reservation = await this.reserve(wallet, row);
        row = { ...row, reservation };
        fresh = true;
      }
      try {
        const proofs = await this.swap(wallet, seed, row, reservation);
        await this.checkpoint('ecash:signed');
        return await this.settle(row, proofs.map(toNewProof));
      } catch (error) {
        const code = refusalCode(error);
        if (code === NutCode.outputsAlreadySigned && fresh) {
          // Counters an earlier install of this phrase used: the mint did nothing; move on.
          row = await this.forgetReservation(wallet, row, reservation);
          continue;
        }
        if (isDefiniteRefusal(error)) {
          const refusal =
            code === NutCode.proofsAlreadySpent
              ? new ValidationError(ECASH_SPENT_MESSAGE)
              : toMintError(error);
          await this.endRefused(row, refusal);
          throw refusal;
        }
        // Lost or unusable answer: the mint may have swapped. The next round restores first.
        this.deps.logger.warn(`Ecash swap ${row.id} ended ambiguously; recovering`, error);
      }
    }
    throw new MintUnreachableError(MINT_KEPT_MESSAGE);
  }

  /** Reserves one counter per output, then journals the range before any request. */
  private reserve(wallet: Wallet, row: PendingEcashReceipt): Promise<CounterReservation> {
    const keyset = wallet.getKeyset();
    const count = splitAmount(sumSats(row.inputs) - row.fee, keyset.keys).length;
    return reserveAndRecord(
      'ecash',
      this.deps.counters,
      { keysetId: keyset.id, count },
      (reservation) => this.deps.receipts.update(row.id, { reservation }),
      this.checkpoint,
    );
  }

  private async forgetReservation(
    wallet: Wallet,
    row: PendingEcashReceipt,
    reservation: CounterReservation,
  ): Promise<PendingEcashReceipt> {
    const next = await callMint(() =>
      firstUnusedCounter(wallet, reservation.keysetId, reservation.start),
    );
    await this.deps.counters.advanceToAtLeast(
      reservation.keysetId,
      Math.max(next, reservation.start + reservation.count),
    );
    await this.deps.receipts.update(row.id, { reservation: undefined });
    const { reservation: _dropped, ...rest } = row;
    return rest;
  }

  /** The same outputs every time for a reservation, so a repeat can never be signed twice. */
  private async swap(
    wallet: Wallet,
    seed: Uint8Array,
    row: PendingEcashReceipt,
    reservation: CounterReservation,
  ) {
    const keyset = await callMint(() => wallet.keyChain.ensureKeysetKeys(reservation.keysetId));
    const amount = sumSats(row.inputs) - row.fee;
    const data = this.prepared.outputs(
      seed,
      keyset,
      reservation.start,
      splitAmount(amount, keyset.keys),
    );
    const preview = await wallet.prepareSwapToReceive(
      swapInputs(row.inputs),
      { keysetId: reservation.keysetId },
      { type: 'custom', data },
    );
    // Inputs locked to the merchant (checked before journaling) are signed with its key.
    const sign = row.inputs.some(hasSpendingCondition) ? this.lockKeyOf(seed).secretKey : undefined;
    return (await wallet.completeSwap(preview, sign)).keep;
  }

  /**
   * What became of a swap sent with this reservation: our outputs signed (store them), nothing
   * signed and an input spent (someone else spent the ecash: drop the journal), or nothing signed
   * and every input unspent ('resend' the same outputs). 'stale': the range holds signatures
   * that are not this swap's (an earlier install's).
   */
  private async recover(
    wallet: Wallet,
    row: PendingEcashReceipt,
    reservation: CounterReservation,
  ): Promise<EcashReceived | 'resend' | 'stale'> {
    const restored = await callMint(() => restoreReservation(wallet, reservation));
    if (restored.signed.length > 0) {
      const stored = new Set(
        (await this.deps.proofs.listUnspent(row.mintUrl, 'all')).map((p) => p.secret),
      );
      const ours = restored.unspent.map(toNewProof).filter((p) => !stored.has(p.secret));
      if (sumSats(ours) === sumSats(row.inputs) - row.fee) return this.settle(row, ours);
      if (!(await this.deps.receipts.get(row.id))) return { status: 'duplicate', id: row.id };
      return 'stale';
    }
    return this.nothingSigned(wallet, row);
  }

  /**
   * Our outputs hold no signature: an input spent means someone else spent the ecash (drop the
   * journal, say so); every input unspent means the same outputs may be sent again.
   */
  private async nothingSigned(wallet: Wallet, row: PendingEcashReceipt): Promise<'resend'> {
    const states = await callMint(() => wallet.checkProofsStates(row.inputs.map(toCashuProof)));
    if (states.some((s) => s.state === CheckStateEnum.SPENT)) {
      const refusal = new ValidationError(ECASH_SPENT_MESSAGE);
      await this.endRefused(row, refusal);
      throw refusal;
    }
    if (states.some((s) => s.state !== CheckStateEnum.UNSPENT)) {
      throw new MintUnreachableError(MINT_BUSY_MESSAGE);
    }
    return 'resend';
  }

  /**
   * A locked till's swap (decision 0024's way of minting): random outputs journaled on the row
   * before the request, then NUT-09 restore of exactly those when an answer was lost. The proofs
   * are flagged random and swapped into seed outputs after the PIN (`secureLockedSales`).
   */
  private async finishLocked(start: PendingEcashReceipt): Promise<EcashReceived> {
    let row = start;
    const wallet = await callMint(() =>
      this.deps.wallets.getSeedlessWallet(row.mintUrl, receiptUnit(row)),
    );
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let journal = row.lockedOutputs;
      if (journal) {
        const signed = await callMint(() => restoreLocked(wallet, journal as LockedOutputs));
        if (signed.length > 0) return this.settle(row, signed);
        await this.nothingSigned(wallet, row);
      } else {
        // Sealed to the sales key when a PIN is set, as a locked Lightning sale's (decision 0030).
        const amount = sumSats(row.inputs) - row.fee;
        const made = newLockedOutputs(wallet, amount, this.deps.salesPublicKey?.());
        journal = made.journal;
        // Backed up as a locked Lightning sale is, before the journal (decision 0050).
        await this.deps.lockedBackup?.keep({
          source: 'ecash',
          ref: row.id,
          mintUrl: row.mintUrl,
          amount,
          unit: receiptUnit(row),
          keysetId: journal.keysetId,
          outputs: made.plain,
        });
        await this.deps.receipts.update(row.id, { lockedOutputs: journal });
        row = { ...row, lockedOutputs: journal };
        await this.checkpoint('ecash:outputs-journaled');
      }
      await this.deps.lockedBackup?.send('ecash', row.id);
      try {
        const proofs = await swapLocked(wallet, swapInputs(row.inputs), journal);
        await this.checkpoint('ecash:signed');
        return await this.settle(row, proofs);
      } catch (error) {
        if (isDefiniteRefusal(error) && refusalCode(error) !== NutCode.outputsAlreadySigned) {
          const refusal =
            refusalCode(error) === NutCode.proofsAlreadySpent
              ? new ValidationError(ECASH_SPENT_MESSAGE)
              : toMintError(error);
          await this.endRefused(row, refusal);
          throw refusal;
        }
        // Lost answer, or outputs signed already: the next round restores them first.
        this.deps.logger.warn(`Locked ecash swap ${row.id} ended ambiguously; recovering`, error);
      }
    }
    throw new MintUnreachableError(MINT_KEPT_MESSAGE);
  }

  /**
   * A swap the mint refused for good: the journal goes, except an offline sale's, which keeps its
   * proofs and the mint's reason on screen for a retry (docs/protocol.md "Ecash taken offline").
   */
  private async endRefused(row: PendingEcashReceipt, refusal: Error): Promise<void> {
    if (!row.offline) {
      await this.deps.receipts.remove(row.id);
      return;
    }
    // The reservation stays: a retry restores it first, so the same outputs are never signed twice.
    await this.deps.receipts.update(row.id, {
      offline: { ...row.offline, refused: refusal.message },
    });
  }

  private async settle(row: PendingEcashReceipt, given: NewProof[]): Promise<EcashReceived> {
    const unit = receiptUnit(row);
    // Stored with their keyset's unit, so cents are totalled apart from sats.
    const proofs = unit === SAT ? given : given.map((proof) => ({ ...proof, unit }));
    const amount = sumSats(proofs);
    const tipSats = Math.max(0, amount - row.amount);
    const sale = ecashSale(row.sale, row.amount, amount);
    const { settled, balance } = await this.deps.ledger.settleEcashReceipt({
      id: row.id,
      mintUrl: row.mintUrl,
      proofs,
      event: {
        amount,
        mintUrl: row.mintUrl,
        receiptId: row.id,
        fee: row.fee,
        sale,
        ...(unit === SAT ? {} : { unit }),
        ...(row.fiat ? { fiat: row.fiat } : {}),
        ...(row.staff ? { staff: row.staff } : {}),
      },
    });
    if (!settled) return { status: 'duplicate', id: row.id };
    this.deps.events.emitUpdated({ reason: 'payment', amount });
    return { status: 'received', id: row.id, amount, tipSats, fee: row.fee, balance };
  }
}
