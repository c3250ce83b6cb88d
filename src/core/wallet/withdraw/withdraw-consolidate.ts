// Consolidation before a withdrawal: many proofs into the fewest, in bounded swap rounds, each
// with a crash-safe journal.
import { CheckStateEnum, OutputData, splitAmount, type Wallet } from '@cashu/cashu-ts';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import { MintUnreachableError, ValidationError } from '../../errors';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { Ledger } from '../ledger-ports';
import type { CounterReservation } from '../mint/ports';
import type { NewProof, ProofStore, StoredProof } from '../proof-ports';
import type { PendingWithdrawal, WithdrawalStore } from './ports';
import type { CounterSource } from '@cashu/cashu-ts';
import {
  chunk,
  compareItems,
  MAX_SWAP_INPUTS,
  planRounds,
  type RoundRules,
  type RoundsPlan,
} from './consolidation-rounds';
import { firstUnusedCounter, restoreReservation } from '../mint/deterministic-mint';
import { isDefiniteRefusal, NutCode, refusalCode, toMintError } from '../mint-errors';
import { inUnit, toNewProof } from '../proof-convert';
import { SAT, storedUnit, type Unit } from '../../units/unit';
import {
  FEE_TAKES_ALL_MESSAGE,
  FeeChangedError,
  isHexKeysetId,
  NOT_ENOUGH_AFTER_FEE_MESSAGE,
} from './withdraw-plan';
import { toCashuProof } from './withdraw-token';
import type { WalletProvider } from '../wallet-provider';

interface RoundResult {
  all: NewProof[];
  send: NewProof[];
}

/** A swap round once journaled: its keyset, counters and the amounts its outputs split. */
interface JournaledRound {
  keyset: ReturnType<Wallet['getKeyset']>;
  journal: PendingWithdrawal;
  reservation: CounterReservation;
  sendPart: number;
  keepPart: number;
  sendSplit: ReturnType<typeof splitAmount>;
  keepSplit: ReturnType<typeof splitAmount>;
}

export interface ConsolidatorDeps {
  proofs: ProofStore;
  withdrawals: WithdrawalStore;
  ledger: Pick<Ledger, 'finishConsolidation'>;
  counters: CounterSource;
  wallets: Pick<WalletProvider, 'getSeededWallet'>;
  logger: Logger;
  clock: Clock;
  newId: () => string;
  /** inputs per swap request; MAX_SWAP_INPUTS when omitted */
  maxInputsPerSwap?: number;
  /** test seam between the steps of a swap (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
}

export type RecoveryOutcome = 'swapped' | 'not-swapped';

export interface Recovered {
  outcome: RecoveryOutcome;
  /** the swap's outputs, now stored (empty when not swapped) */
  proofs: NewProof[];
}

/** Journal rows are kept in the withdrawals store under this id prefix. */
export const JOURNAL_ID_PREFIX = 'consolidation-';

export function isJournal(row: PendingWithdrawal): boolean {
  return row.consolidation !== undefined;
}

/**
 * Swaps proofs of one mint into the power-of-two split of (total - fee). The outputs come from a
 * counter range reserved and journaled BEFORE the swap is sent, so an interrupted swap is
 * finished later from what the mint signed (NUT-09) and never sent again with new counters.
 */
export class Consolidator {
  private readonly checkpoint: Checkpoint;

  constructor(private readonly deps: ConsolidatorDeps) {
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
  }

  /** What consolidating these proofs would cost and give, round by round (no swap). */
  async preview(mintUrl: string, proofs: StoredProof[], unit: Unit = SAT): Promise<RoundsPlan> {
    const { wallet } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    try {
      return planRounds(proofs, this.rules(wallet));
    } catch (error) {
      throw toMintError(error);
    }
  }

  /**
   * Swaps `inputs` in the rounds `preview` planned (at most `maxInputs` per swap, then merges of
   * the rounds' outputs) and returns the stored final proofs. Each round is journaled and stored
   * on its own, so an interruption loses nothing: finished rounds stay stored, an ambiguous one
   * is recovered (NUT-09), and a later withdraw plans again from what is stored.
   * Throws FeeChangedError, swapping nothing, when the rounds would cost more than `maxFee`.
   */
  async consolidate(
    mintUrl: string,
    inputs: StoredProof[],
    maxFee: number = Number.POSITIVE_INFINITY,
    unit: Unit = SAT,
  ): Promise<NewProof[]> {
    const { wallet, seed } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    const rules = this.rules(wallet);
    const planned = planRounds(inputs, rules);
    if (planned.amount <= 0) {
      throw new MintUnreachableError(FEE_TAKES_ALL_MESSAGE);
    }
    // Checked on the plan that runs, before anything is swapped: the merchant agreed to maxFee.
    if (planned.fee > maxFee) throw new FeeChangedError(planned.fee, maxFee);
    const levels = planned.rounds.reduce((max, round) => Math.max(max, round.level + 1), 0);
    let current: NewProof[] = [...inputs].sort(compareProofs);
    for (let level = 0; level < levels; level++) {
      const next: NewProof[] = [];
      for (const group of chunk(current, this.maxInputs)) {
        next.push(...(await this.swapRound(mintUrl, wallet, seed, group, { unit })).all);
      }
      current = next.sort(compareProofs);
    }
    return current;
  }

  /**
   * A withdrawal of part of the balance (NUT-03): one swap of proofs covering `amount` plus the
   * input fee into exactly `amount` for the token and the change, both from a journaled counter
   * range, so a crash mid-swap is finished at start-up like a consolidation round (the change and
   * the token's proofs are then simply stored). Proofs that already add up to `amount` are
   * returned as they are, with no swap and no fee.
   */
  async splitForSend(
    mintUrl: string,
    inputs: StoredProof[],
    amount: number,
    unit: Unit = SAT,
  ): Promise<NewProof[]> {
    // The unit's own wallet: its keyset signs the outputs, in the unit's minor units.
    const { wallet, seed } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    const bySecret = new Map(inputs.map((p) => [p.secret, p]));
    const pick = (proofs: Array<{ secret: string }>) =>
      proofs.map((p) => bySecret.get(p.secret)).filter((p): p is StoredProof => p !== undefined);
    const cashu = inputs.map(toCashuProof);
    const exact = pick(wallet.selectProofsToSend(cashu, amount, false).send);
    if (sumAmounts(exact) === amount && exact.every((p) => isHexKeysetId(p.id))) return exact;
    let chosen: StoredProof[];
    try {
      chosen = pick(wallet.selectProofsToSend(cashu, amount, true).send);
    } catch (error) {
      throw toMintError(error);
    }
    if (chosen.length === 0 || sumAmounts(chosen) < amount) {
      throw new ValidationError(NOT_ENOUGH_AFTER_FEE_MESSAGE);
    }
    const { send } = await this.swapRound(mintUrl, wallet, seed, chosen, {
      sendAmount: amount,
      unit,
    });
    return send;
  }

  /**
   * Cancelling a withdrawal token: its proofs are swapped for fresh deterministic outputs of ours
   * (at most `maxInputs` per swap), each swap journaled with `cancels` set, so finishing the last
   * one (now or at the next start) stores the outputs, deletes the token's proofs and closes its
   * row in one transaction (Ledger.finishConsolidation). Returns the stored outputs.
   */
  async reclaim(
    mintUrl: string,
    token: PendingWithdrawal,
    inputs: StoredProof[],
  ): Promise<NewProof[]> {
    const unit = storedUnit(token.unit);
    const { wallet, seed } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    const out: NewProof[] = [];
    for (const group of chunk([...inputs].sort(compareProofs), this.maxInputs)) {
      out.push(
        ...(await this.swapRound(mintUrl, wallet, seed, group, { cancels: token.id, unit })).all,
      );
    }
    return out;
  }

  /**
   * One swap of at most `maxInputs` proofs into the minimal split of (total - fee), or, with
   * `sendAmount`, into the split of `sendAmount` (returned as `send`) and the split of the change.
   * `cancels`: the withdrawal row whose token these inputs are (see `reclaim`). `unit`: the
   * wallet's, which the outputs are stored in.
   */
  private async swapRound(
    mintUrl: string,
    wallet: Wallet,
    seed: Uint8Array,
    inputs: NewProof[],
    { sendAmount, cancels, unit = SAT }: { sendAmount?: number; cancels?: string; unit?: Unit },
  ): Promise<RoundResult> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const round = await this.journalRound(
        mintUrl,
        wallet,
        inputs,
        sendAmount ?? 0,
        cancels,
        unit,
      );
      const { preview, sendSecrets } = await this.prepareRound(wallet, seed, inputs, round);
      const result = (all: NewProof[]) => ({
        all,
        send: all.filter((p) => sendSecrets.has(p.secret)),
      });
      try {
        const { keep } = await wallet.completeSwap(preview);
        await this.checkpoint('swap:signed');
        const fresh = inUnit(keep.map(toNewProof), unit);
        await this.deps.ledger.finishConsolidation({
          journalId: round.journal.id,
          mintUrl,
          inputSecrets: plan(round.journal).inputSecrets,
          outputs: fresh,
          ...(cancels === undefined ? {} : { cancels }),
        });
        return result(fresh);
      } catch (error) {
        const recovered = await this.afterFailedRound(wallet, round, error, attempt);
        if (recovered === 'again') continue;
        return result(recovered);
      }
    }
    throw new MintUnreachableError('Consolidation could not find unused counters');
  }

  /** The round's amounts and counters, journaled before any output is built. */
  private async journalRound(
    mintUrl: string,
    wallet: Wallet,
    inputs: NewProof[],
    sendPart: number,
    cancels: string | undefined,
    unit: Unit,
  ): Promise<JournaledRound> {
    const keyset = wallet.getKeyset();
    const total = inputs.reduce((sum, p) => sum + p.amount, 0);
    const amount = total - wallet.getFeesForProofs(inputs).toNumber();
    if (amount <= 0) throw new MintUnreachableError(FEE_TAKES_ALL_MESSAGE);
    const keepPart = amount - sendPart;
    if (keepPart < 0) {
      throw new ValidationError(NOT_ENOUGH_AFTER_FEE_MESSAGE);
    }
    const sendSplit = sendPart > 0 ? splitAmount(sendPart, keyset.keys) : [];
    const keepSplit = keepPart > 0 ? splitAmount(keepPart, keyset.keys) : [];
    const range = await this.deps.counters.reserve(keyset.id, sendSplit.length + keepSplit.length);
    // A crash here only leaves unused counters behind: they are never handed out again.
    await this.checkpoint('swap:counters-reserved');
    const reservation: CounterReservation = { keysetId: keyset.id, ...range };
    const journal: PendingWithdrawal = {
      id: JOURNAL_ID_PREFIX + this.deps.newId(),
      mintUrl,
      token: '',
      secrets: [],
      amount,
      // Recovery reads the unit here: its wallet restores the outputs and stores them in it.
      ...(unit === SAT ? {} : { unit }),
      createdAt: this.deps.clock(),
      consolidation: {
        reservation,
        inputSecrets: inputs.map((p) => p.secret),
        ...(cancels === undefined ? {} : { cancels }),
      },
    };
    await this.deps.withdrawals.put(journal);
    await this.checkpoint('swap:journaled');
    return { keyset, journal, reservation, sendPart, keepPart, sendSplit, keepSplit };
  }

  /** The outputs at the journaled counters and the swap request; nothing is sent yet. */
  private async prepareRound(
    wallet: Wallet,
    seed: Uint8Array,
    inputs: NewProof[],
    round: JournaledRound,
  ) {
    const { keyset, journal, reservation, sendPart, keepPart, sendSplit, keepSplit } = round;
    try {
      // One list of outputs: the token's part first, then the change, each at its own
      // counters, so NUT-09 restore of the range finds both after a crash.
      const sendData =
        sendPart > 0
          ? OutputData.createDeterministicData(sendPart, seed, reservation.start, keyset, sendSplit)
          : [];
      const keepData =
        keepPart > 0
          ? OutputData.createDeterministicData(
              keepPart,
              seed,
              reservation.start + sendSplit.length,
              keyset,
              keepSplit,
            )
          : [];
      const sendSecrets = new Set(sendData.map((d) => new TextDecoder().decode(d.secret)));
      const preview = await wallet.prepareSwapToReceive(
        inputs.map(toCashuProof),
        { keysetId: keyset.id },
        { type: 'custom', data: [...sendData, ...keepData] },
      );
      return { preview, sendSecrets };
    } catch (error) {
      // Nothing was sent: the journal has nothing to finish.
      await this.deps.withdrawals.remove(journal.id);
      throw toMintError(error);
    }
  }

  /**
   * A swap that did not end in stored proofs: 'again' at fresh counters when these were signed
   * before, thrown when the mint refused, else the journal's outputs recovered from the mint.
   */
  private async afterFailedRound(
    wallet: Wallet,
    round: JournaledRound,
    error: unknown,
    attempt: number,
  ): Promise<NewProof[] | 'again'> {
    const { journal, reservation } = round;
    const code = refusalCode(error);
    if (code === NutCode.outputsAlreadySigned && attempt === 0) {
      // Counters used by an earlier install of this phrase: the mint did nothing; move on.
      await this.deps.withdrawals.remove(journal.id);
      await this.skipAhead(wallet, reservation);
      return 'again';
    }
    // "Already spent" can be the answer to our own swap: a browser re-sends a POST whose
    // connection dropped after the mint swapped. NUT-07 and restore decide, as for a lost reply.
    if (isDefiniteRefusal(error) && code !== NutCode.proofsAlreadySpent) {
      // The mint refused: it did not swap, so the journal has nothing to finish.
      await this.deps.withdrawals.remove(journal.id);
      throw toMintError(error);
    }
    // Network error, 5xx, lost or unusable reply: the mint may have swapped. Find out.
    this.deps.logger.warn('Consolidation swap ended ambiguously; recovering', error);
    let recovered: Recovered;
    try {
      recovered = await this.recover(journal);
    } catch (recoveryError) {
      // The journal stays; the next withdraw or start-up finishes it.
      throw new MintUnreachableError(toMintError(error).message, { cause: recoveryError });
    }
    if (recovered.outcome === 'not-swapped') throw toMintError(error);
    return recovered.proofs;
  }

  private get maxInputs(): number {
    return this.deps.maxInputsPerSwap ?? MAX_SWAP_INPUTS;
  }

  /** The mint's fees and denominations for planning (the wallet's keyset takes the outputs). */
  private rules(wallet: Wallet): RoundRules {
    const keyset = wallet.getKeyset();
    return {
      feeFor: (items) => wallet.getFeesForProofs(items).toNumber(),
      split: (amount) => splitAmount(amount, keyset.keys).map((a) => a.toNumber()),
      outputKeysetId: keyset.id,
      maxInputs: this.maxInputs,
    };
  }

  /** Finishes every journaled swap of the mint (all mints when omitted); never double-stores. */
  async recoverAll(mintUrl?: string): Promise<void> {
    const rows = (await this.deps.withdrawals.list()).filter(
      (row) => isJournal(row) && (mintUrl === undefined || row.mintUrl === mintUrl),
    );
    for (const row of rows) await this.recover(row);
  }

  /**
   * A swap is atomic at the mint: if any input is spent and our outputs are signed, it happened
   * (store the signed outputs, drop the inputs); if every input is still unspent, it did not.
   */
  async recover(journal: PendingWithdrawal): Promise<Recovered> {
    const { inputSecrets, reservation, cancels } = plan(journal);
    const { proofs, withdrawals } = this.deps;
    const unit = storedUnit(journal.unit);
    const { wallet } = await this.deps.wallets.getSeededWallet(journal.mintUrl, unit);
    const inputSet = new Set(inputSecrets);
    const stored = await proofs.listUnspent(journal.mintUrl, unit);
    const inputsLeft = stored.filter((p) => inputSet.has(p.secret));
    let anySpent = inputsLeft.length === 0;
    if (inputsLeft.length > 0) {
      const states = await callMint(() => wallet.checkProofsStates(inputsLeft));
      anySpent = states.some((s) => s.state !== CheckStateEnum.UNSPENT);
    }
    if (!anySpent) {
      await withdrawals.remove(journal.id);
      return { outcome: 'not-swapped', proofs: [] };
    }
    const restored = await callMint(() => restoreReservation(wallet, reservation));
    const known = new Set(stored.map((p) => p.secret));
    const fresh = inUnit(restored.unspent.map(toNewProof), unit).filter(
      (p) => !known.has(p.secret),
    );
    if (restored.signed.length === 0) {
      // Inputs spent, nothing of ours signed: someone redeemed them (a withdrawal token).
      // The spent watch settles those; the journal has nothing to add.
      this.deps.logger.warn(`Consolidation ${journal.id}: inputs spent elsewhere`);
      await withdrawals.remove(journal.id);
      return { outcome: 'not-swapped', proofs: [] };
    }
    await this.deps.ledger.finishConsolidation({
      journalId: journal.id,
      mintUrl: journal.mintUrl,
      inputSecrets: inputsLeft.map((p) => p.secret),
      outputs: fresh,
      ...(cancels === undefined ? {} : { cancels }),
    });
    return { outcome: 'swapped', proofs: inUnit(restored.unspent.map(toNewProof), unit) };
  }

  private async skipAhead(wallet: Wallet, reservation: CounterReservation): Promise<void> {
    const next = await callMint(() =>
      firstUnusedCounter(wallet, reservation.keysetId, reservation.start),
    );
    await this.deps.counters.advanceToAtLeast(
      reservation.keysetId,
      Math.max(next, reservation.start + reservation.count),
    );
  }
}

/** Execution order: the planner's order, ties broken by secret so a retry swaps the same rounds. */
function compareProofs(a: NewProof, b: NewProof): number {
  return compareItems(a, b) || (a.secret < b.secret ? -1 : a.secret > b.secret ? 1 : 0);
}

function sumAmounts(proofs: Array<{ amount: number }>): number {
  return proofs.reduce((sum, p) => sum + p.amount, 0);
}

function plan(journal: PendingWithdrawal): NonNullable<PendingWithdrawal['consolidation']> {
  if (!journal.consolidation) throw new Error(`${journal.id} is not a consolidation journal`);
  return journal.consolidation;
}

async function callMint<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toMintError(error);
  }
}
