// Withdrawal: the unspent proofs of the current mint not already in a pending token (all of them,
// or a chosen amount split off by a swap) as one cashuB token, watched until spent.
import { noCheckpoint } from '../../checkpoint';
import { errorMessage } from '../../errors';
import type { WalletEvents } from '../../events';
import type { RefundLink } from '../../history-ports';
import type { ConfigStore } from '../../settings/ports';
import type { Ledger } from '../ledger-ports';
import type { NewProof, StoredProof } from '../proof-ports';
import type { ProofStateStore } from '../proof-states/ports';
import type { PendingWithdrawal } from './ports';
import type { ProofReconciler } from '../proof-states/proof-reconciler';
import { sumSats } from '../proof-convert';
import { SpentWatcher, type SpentWatchIntervals } from './spent-watch';
import { proofStateClient, proofY, type ProofStateClient } from './spent-watch-client';
import { Consolidator, isJournal, type ConsolidatorDeps } from './withdraw-consolidate';
import {
  ALL_PENDING_MESSAGE,
  BALANCE_CHANGED_MESSAGE,
  FeeChangedError,
  feeIsAcceptable,
  isHexKeysetId,
  NO_PROOFS_FOR_MINT_MESSAGE,
  NO_PROOFS_MESSAGE,
  NO_PROOFS_ON_THAT_MINT_MESSAGE,
  wantsConsolidation,
  withdrawAmountWords,
  type WithdrawError,
  type WithdrawPlan,
  type WithdrawPreparation,
  type WithdrawResult,
} from './withdraw-plan';
import { encodeWithdrawToken } from './withdraw-token';
import { mintKey, type WalletProvider } from '../wallet-provider';
import { AvailableProofs } from '../available-proofs';
import { WithdrawReads, type WithdrawAvailability } from './withdraw-reads';
import { toMintError } from '../mint-errors';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { SAT, storedUnit, type Unit } from '../../units/unit';

/** The consolidator's stores, counters, clock, logger and seams, plus what withdrawing adds. */
export interface WithdrawServiceDeps extends Omit<
  ConsolidatorDeps,
  'ledger' | 'wallets' | 'newId'
> {
  config: Pick<ConfigStore, 'getMintUrl'>;
  ledger: Pick<Ledger, 'settleWithdrawal' | 'finishConsolidation'>;
  wallets: Pick<WalletProvider, 'getSeededWallet' | 'getMint'>;
  events: WalletEvents;
  newId?: () => string;
  intervals?: Partial<SpentWatchIntervals>;
  /** how to ask a mint about proof states; defaults to the provider's shared Mint */
  clientFor?: (mintUrl: string) => ProofStateClient;
  /** cross-tab exclusion of withdrawals; Web Locks when present, else in-process */
  lock?: QuoteLock;
  /**
   * Asks the mint which proofs are still unspent before a withdrawal and after an "already spent"
   * refusal (docs/protocol.md "Proof states"); omitted: the stored proofs are taken as they are.
   */
  reconciler?: Pick<ProofReconciler, 'check' | 'afterRefusal'>;
  /** sats the mint holds pending for someone else, shown apart and never withdrawn */
  proofStates?: Pick<ProofStateStore, 'pendingSats'>;
}

/** One withdrawal or swap recovery at a time across the tabs of this device. */
export const WITHDRAW_LOCK_NAME = 'cashew-withdraw';

export interface CreateTokenOptions {
  /**
   * Swap many proofs into the fewest first. Omitted: only when the fee is acceptable.
   * Proofs that cannot go into a cashuB token as they are (legacy keyset ids) are always swapped.
   */
  consolidate?: boolean;
  /**
   * The consolidation fee the merchant confirmed (0 when none was shown). A swap costing more,
   * because the proofs changed since `prepare`, is not sent: the result is FEE_CHANGED_MESSAGE.
   * Omitted: any fee the rules above accept.
   */
  maxFee?: number;
  /**
   * Withdraw the balance of this mint (as stored on its proofs) instead of the current one, so
   * sats left on a mint the merchant switched away from can still be reached.
   */
  mintUrl?: string;
  /**
   * Sats for the token, when less than everything available: proofs that add up to it go as
   * they are, otherwise one swap at the mint splits off exactly this much (NUT-03, journaled like
   * a consolidation round). Omitted: everything available.
   */
  amount?: number;
  /**
   * The token refunds a sale (docs/behaviour.md "Refunds"): written only if `amount` fits in what
   * is left of the sale, checked where the token row is written; never consolidated (a fee would
   * make it less than the refund).
   */
  refund?: RefundLink;
  /**
   * Withdraw ecash of this unit (docs/protocol.md "Units"): only its proofs go
   * into the token, `amount` is in its minor units (cents) and the token names it. Omitted: sats.
   */
  unit?: Unit;
}

export type { WithdrawAvailability };

export interface PrepareOptions {
  /** as CreateTokenOptions.mintUrl */
  mintUrl?: string;
  /** as CreateTokenOptions.unit */
  unit?: Unit;
}

type Found = { mintUrl: string; proofs: StoredProof[] } | WithdrawError;

/**
 * What cancelling a pending token did (docs/behaviour.md "Cancel a pending token"). Features pick
 * the words from the status; `error` is the mint's or the network's own message.
 */
export type CancelTokenResult =
  /** swapped back: `amount` sats available again, `fee` kept by the mint */
  | { status: 'cancelled'; amount: number; fee: number }
  /** the mint reported the token spent: closed as redeemed, exactly as the spent watch would */
  | { status: 'redeemed'; amount: number }
  /** someone is redeeming it right now (the mint says PENDING): nothing changed */
  | { status: 'being-redeemed' }
  /** no such pending token any more (another tab cancelled it, or its spend was settled) */
  | { status: 'gone' }
  /** the mint could not be asked or refused: nothing changed */
  | { status: 'failed'; error: string; cause?: unknown };

/**
 * The proofs stay stored (and in the balance) after the token is built: they leave only when the
 * mint reports them spent, so a token that is never redeemed loses nothing.
 */
export class WithdrawService {
  private readonly consolidator: Consolidator;
  private readonly watcher: SpentWatcher;
  private readonly newId: () => string;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly lock: QuoteLock;
  private readonly available: AvailableProofs;
  private readonly reads: WithdrawReads;
  private readonly clientFor: (mintUrl: string) => ProofStateClient;

  constructor(private readonly deps: WithdrawServiceDeps) {
    this.newId = deps.newId ?? (() => globalThis.crypto.randomUUID());
    this.lock = deps.lock ?? defaultQuoteLock();
    this.available = new AvailableProofs(deps);
    this.reads = new WithdrawReads(deps);
    this.clientFor =
      deps.clientFor ?? ((mintUrl) => proofStateClient(deps.wallets.getMint(mintUrl), deps.logger));
    this.consolidator = new Consolidator({ ...deps, newId: this.newId });
    this.watcher = new SpentWatcher({
      withdrawals: deps.withdrawals,
      ledger: deps.ledger,
      events: deps.events,
      logger: deps.logger,
      intervals: deps.intervals,
      clientFor: this.clientFor,
    });
  }

  /** What a withdrawal would take, and what consolidating first would cost (before confirming). */
  async prepare(options: PrepareOptions = {}): Promise<WithdrawPreparation> {
    try {
      const unit = options.unit ?? SAT;
      const stored = await this.findUnspent(options.mintUrl, unit);
      if (!('error' in stored)) await this.reconcile(stored.mintUrl);
      const found = await this.findProofs(options.mintUrl, unit);
      if ('error' in found) return found;
      const { mintUrl, proofs } = found;
      const amount = sumSats(proofs);
      const plan: WithdrawPlan = {
        mintUrl,
        amount,
        proofCount: proofs.length,
        consolidation: null,
      };
      const required = proofs.some((p) => !isHexKeysetId(p.id));
      if (!required && !wantsConsolidation(amount, proofs.length)) return plan;
      try {
        // The fee of every round (and merge) the swap will take: what confirming will cost.
        const {
          fee,
          amount: after,
          proofCount,
        } = await this.consolidator.preview(mintUrl, proofs, unit);
        if (after > 0) {
          plan.consolidation = {
            fee,
            amount: after,
            proofCount,
            recommended: required || feeIsAcceptable(fee, amount),
            required,
          };
        }
      } catch (error) {
        if (required) throw error;
        // Offline: the token can still be built from the proofs as they are.
        this.deps.logger.warn('Could not learn the consolidation fee', error);
      }
      return plan;
    } catch (error) {
      this.deps.logger.error('Preparing the withdrawal failed', error);
      return { code: 'failed', error: errorMessage(error), cause: error };
    }
  }

  /**
   * docs/behaviour.md "Withdraw": one token of all unspent proofs of the current mint, then
   * watched.
   */
  createToken(options: CreateTokenOptions = {}): Promise<WithdrawResult> {
    return this.exclusive(async () => {
      try {
        return await this.buildToken(options);
      } catch (error) {
        if (error instanceof FeeChangedError) {
          this.deps.logger.warn(
            `Withdraw fee is now ${error.fee} sats, ${error.maxFee} confirmed; nothing swapped`,
          );
          return { code: 'fee-changed', error: error.message };
        }
        this.deps.logger.error('Withdraw failed', error);
        return { code: 'failed', error: errorMessage(error), cause: error };
      }
    });
  }

  /** Tokens built but not (fully) redeemed yet, newest first. */
  listPending(): Promise<PendingWithdrawal[]> {
    return this.reads.listPending();
  }

  /** WithdrawReads.availability: the current mint's (or `mintUrl`'s) available and pending sats. */
  availability(mintUrl?: string): Promise<WithdrawAvailability> {
    return this.reads.availability(mintUrl);
  }

  /** WithdrawReads.unitAvailability: the same in `unit`'s minor units. */
  unitAvailability(unit: Unit, mintUrl?: string): Promise<WithdrawAvailability> {
    return this.reads.unitAvailability(unit, mintUrl);
  }

  /**
   * Takes a pending token's sats back (docs/behaviour.md "Cancel a pending token"): asks the mint
   * first, so a token already redeemed is closed as redeemed, then swaps its proofs for fresh
   * outputs of ours (Consolidator.reclaim: journaled, so a tab dying mid-swap loses nothing). Under
   * the withdraw lock, so two tabs never both swap it. Never rejects.
   */
  cancelToken(withdrawalId: string): Promise<CancelTokenResult> {
    return this.exclusive(async () => {
      try {
        return await this.cancelLocked(withdrawalId);
      } catch (error) {
        this.deps.logger.error(`Cancelling withdrawal ${withdrawalId} failed`, error);
        return { status: 'failed', error: errorMessage(error), cause: error };
      }
    });
  }

  /**
   * Start-up: finish interrupted consolidation swaps, then watch every pending withdrawal and
   * check it now, catching spends that happened while the app was closed. Never rejects.
   */
  async resumeAll(): Promise<void> {
    await this.exclusive(async () => {
      try {
        await this.consolidator.recoverAll();
      } catch (error) {
        this.deps.logger.error('Recovering an interrupted consolidation failed', error);
      }
    });
    try {
      await this.watcher.resumeAll();
    } catch (error) {
      this.deps.logger.error('Resuming withdrawal watches failed', error);
    }
  }

  /**
   * Sales minted while the till was locked have random secrets the phrase cannot restore
   * (decision 0024): once the seed can be read, each mint's such proofs are swapped for NUT-13
   * outputs by the journaled consolidation swap, under the withdraw lock, one swap per mint and
   * unit: dollars into the usd keyset's outputs at its own counters, never mixed with sats
   * (decision 0094). Proofs held by a pending token are left to it. Returns the sats now covered
   * by the phrase (a fiat unit's count is in its stored proofs); a mint or unit that cannot swap
   * now keeps its proofs for the next unlock.
   */
  secureLockedSales(): Promise<number> {
    return this.exclusive(async () => {
      const unspent = await this.deps.proofs.listUnspent(undefined, 'all');
      if (!unspent.some((proof) => proof.random)) return 0;
      await this.consolidator.recoverAll();
      const all = await this.deps.proofs.listUnspent(undefined, 'all');
      const { available } = await this.available.split(all);
      const groups = new Map<string, { mintUrl: string; unit: Unit; proofs: StoredProof[] }>();
      for (const proof of available) {
        if (!proof.random) continue;
        const unit = storedUnit(proof.unit);
        const key = `${unit} ${proof.mintUrl}`;
        const group = groups.get(key) ?? { mintUrl: proof.mintUrl, unit, proofs: [] };
        group.proofs.push(proof);
        groups.set(key, group);
      }
      let sats = 0;
      let swapped = false;
      for (const { mintUrl, unit, proofs } of groups.values()) {
        try {
          const out = await this.consolidator.consolidate(
            mintUrl,
            proofs,
            Number.POSITIVE_INFINITY,
            unit,
          );
          swapped = true;
          if (unit === SAT) sats += sumSats(out);
        } catch (error) {
          this.deps.logger.warn(`Sales minted while locked at ${mintUrl} (${unit}) stay`, error);
          // Some were spent elsewhere (another device on the phrase): those leave the balance.
          await this.deps.reconciler?.afterRefusal(mintUrl, error);
        }
      }
      if (swapped) this.deps.events.emitUpdated({ reason: 'withdrawal' });
      return sats;
    });
  }

  /** Resolves when no spend is being settled (tests, orderly shutdown). */
  idle(): Promise<void> {
    return this.watcher.idle();
  }

  stop(): void {
    this.watcher.stop();
  }

  /**
   * `everything`: set on the second try after proofs were found spent elsewhere, when the first
   * one was for everything available: the token then takes what is left.
   */
  private async buildToken(
    options: CreateTokenOptions,
    everything?: boolean,
  ): Promise<WithdrawResult> {
    const unit = options.unit ?? SAT;
    let found = await this.findProofs(options.mintUrl, unit);
    if ('error' in found) return found;
    const { mintUrl } = found;
    // Everything available (the amount step's default): proofs spent elsewhere, found just below,
    // make the token smaller rather than the withdrawal fail.
    const all =
      everything ?? (options.amount === undefined || options.amount === sumSats(found.proofs));
    if ((await this.deps.withdrawals.list()).some((row) => isJournal(row))) {
      // An earlier swap may have replaced some of these proofs: settle that first.
      await this.consolidator.recoverAll();
    }
    // Every token asks the mint first: a proof another device spent would make it worthless.
    await this.reconcile(mintUrl);
    found = await this.findProofs(options.mintUrl, unit);
    if ('error' in found) return found;
    let proofs: Array<StoredProof | NewProof> = found.proofs;
    const available = sumSats(found.proofs);
    const wanted =
      all && !options.refund ? Math.min(options.amount ?? available, available) : options.amount;
    if (
      wanted === undefined ||
      !Number.isSafeInteger(wanted) ||
      wanted <= 0 ||
      wanted > available
    ) {
      const words = withdrawAmountWords(available);
      return { code: 'bad-amount', error: words.message, text: words.text };
    }
    try {
      if (wanted < available) {
        proofs = await this.consolidator.splitForSend(mintUrl, found.proofs, wanted, unit);
      } else if (await this.shouldConsolidate(mintUrl, found.proofs, options)) {
        proofs = await this.consolidator.consolidate(mintUrl, found.proofs, options.maxFee, unit);
      }
    } catch (error) {
      // "Already spent": another device spent some of them. Once more with what is left.
      if (everything === undefined && (await this.deps.reconciler?.afterRefusal(mintUrl, error))) {
        return this.buildToken(options, all);
      }
      throw error;
    }
    // A crash from here until the token row is written leaves the proofs stored and unspent:
    // no token was shown, so nothing can redeem them.
    await (this.deps.checkpoint ?? noCheckpoint)('withdraw:token-built');
    const token = encodeWithdrawToken(mintUrl, proofs, unit);
    const amount = sumSats(proofs);
    // A swap's fee (proofs a cashuB token cannot carry) would make a refund less than confirmed.
    if (options.refund && amount !== wanted) {
      const words = withdrawAmountWords(amount);
      return { code: 'failed', error: words.message, text: words.text };
    }
    const withdrawal: PendingWithdrawal = {
      id: `withdrawal-${this.newId()}`,
      mintUrl,
      token,
      secrets: proofs.map((p) => p.secret),
      amount,
      ...(unit === SAT ? {} : { unit }),
      createdAt: this.deps.clock(),
      ...(options.refund ? { refund: options.refund } : {}),
    };
    // Persisted before the token is shown: a spend while the app is closed is still found. Written
    // only if a cash-out in another tab did not take any of these proofs meanwhile.
    if (!(await this.deps.withdrawals.putToken(withdrawal))) {
      return { code: 'failed', error: BALANCE_CHANGED_MESSAGE };
    }
    this.watcher.watch(withdrawal).catch((error: unknown) => {
      this.deps.logger.error(`Watching withdrawal ${withdrawal.id} failed`, error);
    });
    return { token, amount, mintUrl, id: withdrawal.id, ...(unit === SAT ? {} : { unit }) };
  }

  private async cancelLocked(withdrawalId: string): Promise<CancelTokenResult> {
    if ((await this.deps.withdrawals.list()).some((row) => isJournal(row))) {
      // An earlier cancel of this token, cut off mid-swap, may be finished by this.
      await this.consolidator.recoverAll();
    }
    const rows = await this.deps.withdrawals.list();
    const token = rows.find((row) => row.id === withdrawalId && !isJournal(row));
    if (!token) return { status: 'gone' };
    const stored = await this.storedProofsOf(token);
    const checked = await this.settleIfRedeemed(token, stored);
    if (checked) return checked;
    let fresh: NewProof[];
    try {
      fresh = await this.consolidator.reclaim(token.mintUrl, token, stored);
    } catch (error) {
      // A journal still open means our own swap may have spent the inputs: the next start or
      // cancel finishes it; settling its spend as a redemption would record a withdrawal.
      const open = (await this.deps.withdrawals.list()).some(
        (row) => row.consolidation?.cancels === token.id,
      );
      if (open) throw error;
      // Redeemed between the check and the swap: the mint refused the spent inputs.
      const left = await this.storedProofsOf(token);
      const after = await this.settleIfRedeemed(token, left).catch(() => undefined);
      if (after) return after;
      throw error;
    }
    this.watcher.unwatch(token.id);
    const amount = sumSats(fresh);
    this.deps.events.emitUpdated({ reason: 'withdrawal' });
    return { status: 'cancelled', amount, fee: Math.max(0, token.amount - amount) };
  }

  /** The token's proofs still stored and unspent. */
  private async storedProofsOf(token: PendingWithdrawal): Promise<StoredProof[]> {
    const secrets = new Set(token.secrets);
    const unspent = await this.deps.proofs.listUnspent(token.mintUrl, storedUnit(token.unit));
    return unspent.filter((p) => secrets.has(p.secret));
  }

  /**
   * Asks the mint about the token's stored proofs. Spent ones are settled as the spent watch does
   * (Ledger.settleWithdrawal: proofs deleted, one withdrawal event, row closed when none is left).
   * Undefined when every proof is unspent, so the cancel may go on. Throws when the mint cannot
   * be asked.
   */
  private async settleIfRedeemed(
    token: PendingWithdrawal,
    stored: StoredProof[],
  ): Promise<CancelTokenResult | undefined> {
    let spent: string[] = [];
    if (stored.length > 0) {
      const bySecret = new Map(stored.map((p) => [proofY(p.secret), p.secret]));
      let entries;
      try {
        entries = await this.clientFor(token.mintUrl).check([...bySecret.keys()]);
      } catch (error) {
        throw toMintError(error);
      }
      if (entries.some((e) => e.state === 'PENDING')) return { status: 'being-redeemed' };
      spent = entries
        .filter((e) => e.state === 'SPENT')
        .map((e) => bySecret.get(e.Y))
        .filter((s): s is string => s !== undefined);
      if (spent.length === 0) return undefined;
    }
    const result = await this.deps.ledger.settleWithdrawal({
      withdrawalId: token.id,
      spentSecrets: spent,
    });
    if (result.amount > 0) {
      this.deps.events.emitUpdated({ reason: 'withdrawal', amount: result.amount });
    }
    if (result.remaining === 0) this.watcher.unwatch(token.id);
    // A token is redeemed whole (one swap at the mint); what is left of a part is still its own.
    return { status: 'redeemed', amount: result.amount };
  }

  /**
   * Asks the mint about the proofs of `mintUrl` (docs/protocol.md "Proof states"). A mint that
   * cannot be asked changes nothing: the withdrawal goes on from what is stored, as offline.
   */
  private async reconcile(mintUrl: string): Promise<void> {
    try {
      await this.deps.reconciler?.check(mintUrl);
    } catch (error) {
      this.deps.logger.warn(`Could not ask ${mintUrl} which proofs are unspent`, error);
    }
  }

  private async shouldConsolidate(
    mintUrl: string,
    proofs: StoredProof[],
    options: CreateTokenOptions,
  ): Promise<boolean> {
    if (proofs.some((p) => !isHexKeysetId(p.id))) return true;
    if (options.consolidate === false) return false;
    if (!wantsConsolidation(sumSats(proofs), proofs.length)) return false;
    if (options.consolidate === true) return true;
    try {
      const { fee, amount } = await this.consolidator.preview(mintUrl, proofs, options.unit);
      return amount > 0 && feeIsAcceptable(fee, sumSats(proofs));
    } catch (error) {
      this.deps.logger.warn('Could not learn the consolidation fee; withdrawing as is', error);
      return false;
    }
  }

  /**
   * All unspent proofs of the current mint (or of `other`), or the "nothing to withdraw" error
   * (docs/behaviour.md "Withdraw").
   */
  private async findProofs(other?: string, unit: Unit = SAT): Promise<Found> {
    const found = await this.findUnspent(other, unit);
    if ('error' in found) return found;
    // Proofs already inside a pending token belong to that token until the mint reports it
    // spent: putting them into a second token would make one of the two worthless.
    const { available } = await this.available.split(found.proofs);
    if (available.length === 0) return { code: 'all-pending', error: ALL_PENDING_MESSAGE };
    return { mintUrl: found.mintUrl, proofs: available };
  }

  /** Every unspent proof of the mint in `unit`, pending tokens included. */
  private async findUnspent(other?: string, unit: Unit = SAT): Promise<Found> {
    if (other !== undefined) {
      const proofs = await this.deps.proofs.listUnspent(other, unit);
      return proofs.length > 0
        ? { mintUrl: other, proofs }
        : { code: 'no-proofs-for-mint', error: NO_PROOFS_ON_THAT_MINT_MESSAGE };
    }
    const mintUrl = await this.deps.config.getMintUrl();
    const exact = await this.deps.proofs.listUnspent(mintUrl, unit);
    if (exact.length > 0) return { mintUrl, proofs: exact };
    const all = await this.deps.proofs.listUnspent(undefined, unit);
    if (all.length === 0) return { code: 'no-proofs', error: NO_PROOFS_MESSAGE };
    // A stored URL that differs only by a trailing slash is the same mint.
    const key = mintKey(mintUrl);
    const proofs = all.filter((p) => mintKey(p.mintUrl) === key);
    if (proofs.length === 0)
      return { code: 'no-proofs-for-mint', error: NO_PROOFS_FOR_MINT_MESSAGE };
    return { mintUrl, proofs };
  }

  /**
   * One withdraw or recovery at a time in this tab, and across tabs (Web Locks): two at once
   * would both see the same proofs as available and put them into two tokens.
   */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const locked = () => this.lock(WITHDRAW_LOCK_NAME, task);
    const run = this.queue.then(locked, locked);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
