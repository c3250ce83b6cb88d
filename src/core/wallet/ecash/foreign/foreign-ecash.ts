// Ecash of a mint the merchant does not accept, settled by melting it there to pay an invoice of the
// merchant's mint, journaled at every step (docs/protocol.md "Ecash from other mints").
import { Amount, type Wallet } from '@cashu/cashu-ts';
import { noCheckpoint, type Checkpoint } from '../../../checkpoint';
import { defaultQuoteLock, type QuoteLock } from '../../../cross-tab-lock';
import { BackoffTimers } from '../../../backoff-timers';
import { ForeignEcashArrivingError, MintUnreachableError, ValidationError } from '../../../errors';
import { Listeners, type Listener } from '../../../listeners';
import type { WalletEvents } from '../../../events';
import type { Logger } from '../../../logger';
import type { Clock } from '../../../clock';
import type { PendingMintQuote } from '../../mint/ports';
import type { NewProof, ProofStore } from '../../proof-ports';
import type { ForeignEcashStore, PendingForeignEcash } from './ports';
import type { CounterSource } from '@cashu/cashu-ts';
import type { FiatRecord } from '../../../prices/currencies';
import { usableMintUrl } from '../../../urls/normalise-url';
import { isDefiniteRefusal, NutCode, refusalCode, toMintError } from '../../mint-errors';
import { QuoteMinter } from '../../mint/quote-minter';
import { mintQuoteClient } from '../../mint/quote-watcher';
import { sumSats } from '../../proof-convert';
import type { WalletProvider } from '../../wallet-provider';
import { toCashuProof } from '../../withdraw/withdraw-token';
import { decodeTokenWith, NOT_SATS_MESSAGE, parseEcashProofs, tokenMint } from '../ecash-input';
import {
  customerKeyset,
  ECASH_SPENT_MESSAGE,
  notAcceptedWords,
  tokenReceiptId,
  type EcashLanded,
  type EcashPayment,
  type EcashReceived,
} from '../ecash-receiver';
import { foreignLedger, foreignMinterHooks, foreignQuoteStore } from './foreign-quotes';
import { repairJournal } from '../journal-repair';
import { FOREIGN_PENDING_MESSAGE, NOT_ARRIVED_MESSAGE } from './foreign-texts.json';
import {
  FOREIGN_DOWN_MESSAGE,
  FOREIGN_LOCKED_MESSAGE,
  meltFailedWords,
  meltRefusedWords,
  NEVER_ARRIVED_MESSAGE,
  notOursWords,
  shortAfterFeesWords,
  tooSmallWords,
} from './foreign-texts';
import { readForeignMeltQuote, UnusableReplyError, type ForeignMeltState } from './foreign-replies';

/** Ecash of another mint with both quotes made: what arrives is known, nothing is stored yet. */
export interface ForeignEcashOffer {
  id: string;
  foreignMint: string;
  inputs: NewProof[];
  /** sats the merchant's mint will issue */
  arrive: number;
  /** everything else of the customer's ecash: the other mint's fees and reserve */
  fee: number;
  meltQuote: string;
  feeReserve: number;
  inputFee: number;
  mintQuote: PendingMintQuote;
}

export interface ForeignEcashDeps {
  store: ForeignEcashStore;
  proofs: Pick<ProofStore, 'unspentOf'>;
  counters: CounterSource;
  wallets: WalletProvider;
  /** the merchant's mint: where what arrives is minted */
  merchantMint(): Promise<string>;
  /** the setting "Accept ecash from other mints" */
  enabled(): Promise<boolean>;
  seedSealed?: () => Promise<boolean>;
  getSigningKey(): Promise<Uint8Array>;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
  lock?: QuoteLock;
  checkpoint?: Checkpoint;
  /** how long to wait for our invoice to be paid after the other mint says it paid it */
  arrivalWaitMs?: number;
  /** pause between looks at our invoice meanwhile */
  sleep?: (ms: number) => Promise<void>;
  /** start-up looks finding the other mint's PAID unarrived before the row is failed (10) */
  maxUnarrivedLooks?: number;
  /**
   * While the page is open, a row kept for later is looked at again after these waits (doubling
   * from the first to the longest), until it lands or fails; false: only at start-up and on
   * "Try again". Default FOLLOW_UP.
   */
  followUp?: { firstMs: number; longestMs: number } | false;
}

/** A kept row is looked at again 2 s after, then 4 s, 8 s … every 30 s, while the page is open. */
export const FOLLOW_UP = { firstMs: 2_000, longestMs: 30_000 };

/** A row whose other mint said PAID this long ago (3 days) with nothing arrived is failed. */
export const FOREIGN_UNARRIVED_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

const MAX_UNARRIVED_LOOKS = 10;

/** Quotes are made at most this many times to fit the other mint's fee reserve into the ecash. */
const MAX_QUOTE_ROUNDS = 4;

async function callMint<T>(fn: () => Promise<T>, unreachable?: string): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const mapped = toMintError(error);
    if (unreachable && mapped instanceof MintUnreachableError) {
      throw new MintUnreachableError(unreachable, { cause: error });
    }
    throw mapped;
  }
}

type Outcome = EcashReceived;

/** The row's melt is sent and its payment not in: what arrives, once it does. */
function arriving(message: string, row: PendingForeignEcash): ForeignEcashArrivingError {
  return new ForeignEcashArrivingError(message, row.id, row.mintQuote.amount);
}

/** A journaled row as the offer it was taken from. */
function offerOf(row: PendingForeignEcash): ForeignEcashOffer {
  return {
    id: row.id,
    foreignMint: row.foreignMint,
    inputs: row.inputs,
    arrive: row.mintQuote.amount,
    fee: sumSats(row.inputs) - row.mintQuote.amount,
    meltQuote: row.meltQuote,
    feeReserve: row.feeReserve,
    inputFee: row.inputFee,
    mintQuote: row.mintQuote,
  };
}

export class ForeignEcash {
  private readonly lock: QuoteLock;
  private readonly checkpoint: Checkpoint;
  private readonly minter: QuoteMinter;
  private readonly settled = new Map<string, { amount: number; balance: number }>();
  private readonly followUps: BackoffTimers | null;
  private readonly landedListeners: Listeners<EcashLanded>;

  constructor(private readonly deps: ForeignEcashDeps) {
    this.lock = deps.lock ?? defaultQuoteLock();
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
    const followUp = deps.followUp ?? FOLLOW_UP;
    this.followUps = followUp ? new BackoffTimers(followUp.firstMs, followUp.longestMs) : null;
    this.landedListeners = new Listeners(deps.logger, 'Foreign ecash landed listener threw');
    this.minter = new QuoteMinter({
      quotes: foreignQuoteStore(deps.store),
      ledger: foreignLedger(deps.store, deps.logger),
      proofs: deps.proofs,
      counters: deps.counters,
      events: deps.events,
      logger: deps.logger,
      wallets: deps.wallets,
      getSigningKey: deps.getSigningKey,
      ...(deps.seedSealed ? { seedSealed: deps.seedSealed } : {}),
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
      ...foreignMinterHooks(this.settled),
    });
  }

  /** True when ecash of `mintUrl` is for this flow: the setting is on and it is not our mint. */
  async takes(mintUrl: unknown, accepted: string[]): Promise<boolean> {
    if (!(await this.deps.enabled())) return false;
    const url = usableMintUrl(mintUrl);
    return url === undefined || !accepted.some((a) => usableMintUrl(a) === url);
  }

  /**
   * A pasted token's offer: both quotes made, what arrives and the fees known, nothing stored. A
   * token already taken and still on its way is its journaled offer (`journaled`), with no new
   * quotes: taking it again looks at that row, never says "already taken" while it arrives.
   */
  async offerToken(token: string): Promise<ForeignEcashOffer & { journaled?: true }> {
    const { text, mint } = tokenMint(token);
    const decoded = decodeTokenWith(text, await this.foreignWallet(mint));
    const inputs = parseEcashProofs(decoded.proofs, decoded.unit ?? 'sat');
    const id = tokenReceiptId(inputs);
    const row = await this.deps.store.get(id);
    if (row && row.state !== 'failed') return { ...offerOf(row), journaled: true };
    return this.offer(id, mint, inputs);
  }

  /** Landings found by the follow-ups while the page is open (start-up's are resumeAll's). */
  onLanded(listener: Listener<EcashLanded>): () => void {
    return this.landedListeners.add(listener);
  }

  /** Stops the follow-ups (tests, orderly shutdown); the rows stay for the next start. */
  stop(): void {
    this.followUps?.cancelAll();
  }

  /** A NUT-18 payload of another mint: settled at once when what arrives covers the sale. */
  async receive(payment: EcashPayment): Promise<Outcome> {
    const inputs = parseEcashProofs(payment.proofs, payment.unit);
    const offer = await this.offer(payment.id, payment.mintUrl, inputs);
    return this.take(offer, {
      saleAmount: payment.amount,
      ...(payment.fiat ? { fiat: payment.fiat } : {}),
      ...(payment.sale ? { sale: payment.sale } : {}),
      ...(payment.closesQuote ? { closesQuote: payment.closesQuote } : {}),
    });
  }

  /**
   * Journals the offer, then melts at the other mint and mints what our mint was paid. A check
   * that fails stores nothing; an unclear step keeps the journal (MintUnreachableError).
   */
  async take(
    offer: ForeignEcashOffer,
    sale: {
      saleAmount: number;
      fiat?: FiatRecord;
      sale?: PendingForeignEcash['sale'];
      closesQuote?: string;
    },
  ): Promise<Outcome> {
    if (offer.arrive < sale.saleAmount) {
      throw new ValidationError(
        shortAfterFeesWords(offer.foreignMint, offer.arrive, offer.fee, sale.saleAmount),
      );
    }
    await this.refuseWhileLocked();
    const row: PendingForeignEcash = {
      id: offer.id,
      foreignMint: offer.foreignMint,
      inputs: offer.inputs,
      meltQuote: offer.meltQuote,
      feeReserve: offer.feeReserve,
      inputFee: offer.inputFee,
      mintQuote: offer.mintQuote,
      saleAmount: sale.saleAmount,
      state: 'melting',
      createdAt: this.deps.clock(),
      ...(sale.fiat ? { fiat: sale.fiat } : {}),
      ...(sale.sale ? { sale: sale.sale } : {}),
      ...(sale.closesQuote ? { closesQuote: sale.closesQuote } : {}),
    };
    return this.keptFollowed(row.id, () =>
      this.lock(`cashew-foreign:${row.id}`, async () => {
        if (!(await this.deps.store.begin(row))) {
          // Taken before: still on its way, it is looked at now rather than called taken.
          const current = await this.deps.store.get(row.id);
          if (!current || current.state === 'failed') return { status: 'duplicate', id: row.id };
          return this.advance(current, false, false);
        }
        await this.checkpoint('foreign:journaled');
        return this.advance(row, true);
      }),
    );
  }

  /** Runs a step on row `id`; a row it keeps for later is followed while the page is open. */
  private async keptFollowed(id: string, step: () => Promise<Outcome>): Promise<Outcome> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof MintUnreachableError) this.follow(id);
      throw error;
    }
  }

  private follow(id: string): void {
    this.followUps?.schedule(id, () => void this.followUp(id));
  }

  /**
   * One more look at a kept row, as the start-up repair takes, without counting toward giving it
   * up (only start-up looks count): what lands is announced to onLanded listeners.
   */
  private async followUp(id: string): Promise<void> {
    let row: PendingForeignEcash | undefined;
    try {
      const outcome = await this.lock(`cashew-foreign:${id}`, async () => {
        row = await this.deps.store.get(id);
        if (!row || row.state === 'failed') return undefined;
        return this.advance(row, false, false);
      });
      this.followUps?.cancel(id, true);
      if (outcome?.status === 'received') {
        this.landedListeners.emit({
          ...outcome,
          ...(row?.closesQuote ? { closesQuote: row.closesQuote } : {}),
        });
      }
    } catch (error) {
      if (error instanceof MintUnreachableError) {
        this.deps.logger.debug(`Ecash ${id} of another mint not arrived yet`, error);
        this.follow(id);
        return;
      }
      this.followUps?.cancel(id, true);
      this.deps.logger.warn(`Ecash ${id} of another mint not taken`, error);
    }
  }

  /**
   * Start-up repair: every journaled melt is asked about and finished; what lands is returned to
   * be announced as a sale, what is still on its way is followed. Never rejects.
   */
  resumeAll(): Promise<EcashLanded[]> {
    return repairJournal({
      rows: () => this.deps.store.list(),
      logger: this.deps.logger,
      unreadable: 'Could not read journaled ecash of other mints',
      notFinished: (row) => `Ecash ${row.id} of ${row.foreignMint} not finished yet`,
      finish: async (row) => {
        if (row.state === 'failed') return undefined;
        const outcome = await this.keptFollowed(row.id, () =>
          this.lock(`cashew-foreign:${row.id}`, async () => {
            const current = await this.deps.store.get(row.id);
            if (!current || current.state === 'failed') return { status: 'duplicate', id: row.id };
            return this.advance(current, false);
          }),
        );
        return outcome.status === 'received' ? outcome : undefined;
      },
    });
  }

  /**
   * "Try again" on a row whose other mint said it paid: back to 'melting' and asked about once now,
   * as the start-up repair does (a sale lands once: the settle drops the row).
   */
  async retry(id: string): Promise<Outcome> {
    await this.refuseWhileLocked();
    return this.keptFollowed(id, () =>
      this.lock(`cashew-foreign:${id}`, async () => {
        if (!(await this.deps.store.reopen(id))) return { status: 'duplicate', id };
        const current = await this.deps.store.get(id);
        if (!current) return { status: 'duplicate', id };
        return this.advance(current, false);
      }),
    );
  }

  private async refuseWhileLocked(): Promise<void> {
    if ((await this.deps.seedSealed?.()) ?? false)
      throw new ValidationError(FOREIGN_LOCKED_MESSAGE);
  }

  private async foreignWallet(raw: unknown): Promise<Wallet> {
    const url = usableMintUrl(raw);
    if (url === undefined) throw new ValidationError(notAcceptedWords(String(raw)));
    return callMint(() => this.deps.wallets.getSeedlessWallet(url), FOREIGN_DOWN_MESSAGE);
  }

  /**
   * Makes an invoice at our mint and the other mint's melt quote for it, for the largest amount
   * whose fee reserve and input fee fit within the ecash (a reserve grows with the amount, so a
   * smaller invoice is quoted again when it does not fit).
   */
  private async offer(id: string, mint: string, inputs: NewProof[]): Promise<ForeignEcashOffer> {
    await this.refuseWhileLocked();
    const foreignMint = usableMintUrl(mint);
    if (foreignMint === undefined) throw new ValidationError(notAcceptedWords(mint));
    const foreign = await this.foreignWallet(foreignMint);
    const unknown = 'Foreign ecash on an unknown keyset';
    for (const input of inputs) {
      const keyset = await customerKeyset(foreign, input.id, this.deps.logger, unknown);
      // The keyset's unit decides, not the token's unsigned one (docs/protocol.md "Units").
      if (keyset.unit !== 'sat') throw new ValidationError(NOT_SATS_MESSAGE);
    }
    const total = sumSats(inputs);
    const inputFee = foreign.getFeesForProofs(inputs.map(toCashuProof)).toNumber();
    if (!Number.isSafeInteger(inputFee) || inputFee < 0) {
      throw new ValidationError(tooSmallWords(foreignMint, total));
    }
    const merchantMint = await this.deps.merchantMint();
    const ours = await callMint(() => this.deps.wallets.getSeedlessWallet(merchantMint));
    let reserve = 0;
    for (let round = 0; round < MAX_QUOTE_ROUNDS; round++) {
      const amount = total - inputFee - reserve;
      if (amount < 1) throw new ValidationError(tooSmallWords(foreignMint, total));
      const mintQuote = await this.invoice(ours, merchantMint, amount);
      const melt = await callMint(async () => {
        try {
          const reply = await foreign.mint.createMeltQuoteBolt11({
            request: mintQuote.request,
            unit: 'sat',
          });
          return readForeignMeltQuote(reply, amount);
        } catch (error) {
          if (error instanceof UnusableReplyError) throw new ValidationError(error.message);
          throw error;
        }
      }, FOREIGN_DOWN_MESSAGE);
      if (amount + melt.feeReserve + inputFee <= total) {
        return {
          id,
          foreignMint,
          inputs,
          arrive: amount,
          fee: total - amount,
          meltQuote: melt.quote,
          feeReserve: melt.feeReserve,
          inputFee,
          mintQuote,
        };
      }
      // Never the same amount twice: a reserve that does not shrink with the amount still ends.
      reserve = Math.max(melt.feeReserve, reserve + 1);
    }
    throw new ValidationError(tooSmallWords(foreignMint, total));
  }

  private async invoice(ours: Wallet, mintUrl: string, amount: number): Promise<PendingMintQuote> {
    const reply = await callMint(() => ours.createMintQuoteBolt11(Amount.from(amount)));
    if (typeof reply.quote !== 'string' || typeof reply.request !== 'string') {
      throw new MintUnreachableError('The mint sent an unusable invoice');
    }
    return {
      quote: reply.quote,
      mintUrl,
      amount,
      request: reply.request,
      kind: 'direct',
      state: 'UNPAID',
      createdAt: this.deps.clock(),
      expiry: typeof reply.expiry === 'number' && reply.expiry > 0 ? reply.expiry : null,
    };
  }

  /**
   * Takes a journaled row one step on until it is recorded, kept for later, or refused. `counted`:
   * a look that finds the other mint's PAID unarrived counts toward giving the row up.
   */
  private async advance(
    row: PendingForeignEcash,
    fresh: boolean,
    counted = !fresh,
  ): Promise<Outcome> {
    // A reservation (or journaled outputs) means the invoice was paid and minting began.
    if (row.mintQuote.reservation || row.mintQuote.lockedOutputs) return this.mint(row);
    if (!fresh && (await this.invoicePaid(row))) return this.mint(row);
    const foreign = await this.foreignWallet(row.foreignMint);
    let state: ForeignMeltState;
    if (fresh) {
      state = await this.melt(foreign, row, true);
    } else {
      state = await this.meltState(foreign, row);
      if (state === 'UNPAID') state = await this.melt(foreign, row, false);
    }
    if (state === 'PENDING') throw arriving(FOREIGN_PENDING_MESSAGE, row);
    // PAID, says the other mint: counted only once our mint says our invoice is paid.
    if (await this.waitForInvoice(row)) return this.mint(row);
    if (counted) await this.unarrived(row);
    throw arriving(NOT_ARRIVED_MESSAGE, row);
  }

  /**
   * One more look found the other mint's PAID and our invoice unpaid: after a bounded number of
   * looks, or days, the row is failed with its reason instead of being asked at every start.
   */
  private async unarrived(row: PendingForeignEcash): Promise<void> {
    const looks = (row.unarrivedLooks ?? 0) + 1;
    const now = this.deps.clock();
    const max = this.deps.maxUnarrivedLooks ?? MAX_UNARRIVED_LOOKS;
    if (looks < max && now - row.createdAt < FOREIGN_UNARRIVED_MAX_AGE_MS) {
      await this.deps.store.update(row.id, { unarrivedLooks: looks });
      return;
    }
    await this.fail(row, NEVER_ARRIVED_MESSAGE, 'unarrived');
    throw new ValidationError(NEVER_ARRIVED_MESSAGE);
  }

  private async fail(
    row: PendingForeignEcash,
    reason: string,
    kind: 'refused' | 'unarrived',
  ): Promise<void> {
    this.deps.logger.warn(`Ecash ${row.id} of ${row.foreignMint} failed: ${reason}`);
    await this.deps.store.update(row.id, {
      state: 'failed',
      failure: { reason, at: this.deps.clock(), kind },
    });
  }

  private async meltState(foreign: Wallet, row: PendingForeignEcash): Promise<ForeignMeltState> {
    return callMint(async () => {
      try {
        const reply = await foreign.mint.checkMeltQuoteBolt11(row.meltQuote);
        return readForeignMeltQuote(reply, row.mintQuote.amount, row.meltQuote).state;
      } catch (error) {
        if (error instanceof UnusableReplyError) throw new MintUnreachableError(error.message);
        throw error;
      }
    }, FOREIGN_DOWN_MESSAGE);
  }

  /**
   * Sends the melt (all the customer's proofs, no change outputs: change would be ecash of a mint
   * we do not take). A refusal ends the row: spent is "already spent"; otherwise a fresh one is
   * dropped (the customer still holds the token) and a resumed one kept as failed.
   */
  private async melt(
    foreign: Wallet,
    row: PendingForeignEcash,
    fresh: boolean,
  ): Promise<ForeignMeltState> {
    let state: ForeignMeltState;
    try {
      const reply = await foreign.mint.meltBolt11({
        quote: row.meltQuote,
        inputs: row.inputs.map(toCashuProof),
      });
      state = readForeignMeltQuote(reply, row.mintQuote.amount, row.meltQuote).state;
    } catch (error) {
      const mapped = error instanceof UnusableReplyError ? error : toMintError(error);
      if (!isDefiniteRefusal(mapped)) {
        // A lost or unusable answer: the melt may have happened. The next look asks its state.
        this.deps.logger.warn(`Melt ${row.meltQuote} at ${row.foreignMint} unclear`, error);
        throw new MintUnreachableError(FOREIGN_DOWN_MESSAGE, { cause: error });
      }
      if (refusalCode(mapped) === NutCode.proofsAlreadySpent) {
        await this.deps.store.remove(row.id);
        throw new ValidationError(ECASH_SPENT_MESSAGE);
      }
      const refused = meltRefusedWords(row.foreignMint, mapped.message);
      if (fresh) await this.deps.store.remove(row.id);
      else await this.fail(row, refused.message, 'refused');
      throw new ValidationError(refused);
    }
    await this.checkpoint('foreign:melted');
    if (state === 'UNPAID') {
      // The melt was taken and not paid: the inputs are released; nothing is counted.
      const failed = meltFailedWords(row.foreignMint);
      if (fresh) await this.deps.store.remove(row.id);
      else await this.fail(row, failed.message, 'refused');
      throw new ValidationError(failed);
    }
    return state;
  }

  /** Our own mint's word on our invoice: the only one that counts. */
  private async invoicePaid(row: PendingForeignEcash): Promise<boolean> {
    const wallet = await callMint(() => this.deps.wallets.getSeedlessWallet(row.mintQuote.mintUrl));
    const snapshot = await callMint(() => mintQuoteClient(wallet.mint).check(row.mintQuote.quote));
    return snapshot.state === 'PAID' || snapshot.state === 'ISSUED';
  }

  private async waitForInvoice(row: PendingForeignEcash): Promise<boolean> {
    const wait = this.deps.arrivalWaitMs ?? 15_000;
    const sleep = this.deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    const started = Date.now();
    for (;;) {
      if (await this.invoicePaid(row)) return true;
      if (Date.now() - started >= wait) return false;
      await sleep(500);
    }
  }

  private async mint(row: PendingForeignEcash): Promise<Outcome> {
    const { quote } = row.mintQuote;
    const outcome = await this.minter.settle(quote);
    if (outcome === 'watch') throw arriving(NOT_ARRIVED_MESSAGE, row);
    const settled = this.settled.get(quote);
    this.settled.delete(quote);
    if (!settled) {
      const current = await this.deps.store.get(row.id);
      if (current?.state === 'failed') {
        throw new ValidationError(notOursWords(row.foreignMint));
      }
      return { status: 'duplicate', id: row.id };
    }
    return {
      status: 'received',
      id: row.id,
      amount: settled.amount,
      tipSats: Math.max(0, settled.amount - row.saleAmount),
      fee: sumSats(row.inputs) - settled.amount,
      balance: settled.balance,
    };
  }
}
