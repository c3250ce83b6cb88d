// Withdraw decisions that need no mint: result types, error texts, when consolidation pays off.
import { formatSats } from '../../format-sats';
import { CashewError, errorWords, type ErrorText } from '../../errors';
import type { Unit } from '../../units/unit';

/**
 * Why a withdrawal produced no token. Callers branch on the code, never on the text: the text is
 * what the merchant reads (docs/behaviour.md "Withdraw").
 */
export type WithdrawErrorCode =
  'no-proofs' | 'no-proofs-for-mint' | 'all-pending' | 'bad-amount' | 'fee-changed' | 'failed';

export interface WithdrawError {
  code: WithdrawErrorCode;
  /** in English, for logs; the screen says it from `text`, `cause` or this English (decision 0063) */
  error: string;
  /** the message's catalog key and values, when it carries a figure */
  text?: ErrorText;
  /** what was thrown, so a mint's refusal can be said by its NUT code */
  cause?: unknown;
}

/** The token, or why there is none. */
export type WithdrawResult =
  | {
      token: string;
      amount: number;
      mintUrl: string;
      /** the pending withdrawal row watching it (what Cancel token names) */
      id: string;
      /** the token's unit when not sats; `amount` is then in its minor units */
      unit?: Unit;
    }
  | WithdrawError;

/** docs/behaviour.md "Withdraw": nothing to withdraw (verbatim). */
export const NO_PROOFS_MESSAGE = 'No unspent proofs available';
export const NO_PROOFS_FOR_MINT_MESSAGE = 'No unspent proofs for current mint';
/** Withdrawing from a chosen mint (not the current one) that has nothing left. */
export const NO_PROOFS_ON_THAT_MINT_MESSAGE = 'No unspent proofs left on this mint';

/** Every unspent proof of the mint is already inside a pending withdrawal token. */
export const ALL_PENDING_MESSAGE =
  'Everything on this mint is already in a pending withdrawal token (see Withdrawals pending).';

/** Some of the token's proofs were spent by a cash-out (another tab) while it was being built. */
export const BALANCE_CHANGED_MESSAGE =
  'The balance changed while the token was being built. Nothing was withdrawn; try again.';

/** A chosen withdrawal amount that is not a whole number from 1 to what is available. */
export const withdrawAmountWords = (available: number) =>
  errorWords(
    'WITHDRAW_AMOUNT_RANGE',
    { available },
    `Enter an amount from 1 to ${formatSats(available)} sats.`,
  );

/** Consolidating or splitting: the mint's fee leaves nothing, or less than the amount asked. */
export const FEE_TAKES_ALL_MESSAGE = 'The mint fee would take the whole amount';
export const NOT_ENOUGH_AFTER_FEE_MESSAGE =
  'Not enough sats left after the mint fee for this amount';

/** The swap would cost more than the fee the merchant confirmed (a payment landed meanwhile). */
export const FEE_CHANGED_MESSAGE = 'The withdrawal fee changed. Please review it and try again.';

/** Thrown before any swap is sent when the plan's fee exceeds the confirmed one. */
export class FeeChangedError extends CashewError {
  constructor(
    readonly fee: number,
    readonly maxFee: number,
  ) {
    super(FEE_CHANGED_MESSAGE);
  }
}

/** Proofs beyond the minimal split that we tolerate before suggesting a consolidation swap. */
export const CONSOLIDATION_MARGIN = 2;

/** A swap whose fee is at most this share of the amount is suggested (a fee-free one always). */
export const MAX_CONSOLIDATION_FEE_RATIO = 0.01;

/** What consolidating first would do, shown to the merchant before confirming. */
export interface ConsolidationPlan {
  /** mint input fees of every swap round the consolidation takes, merges included (sats) */
  fee: number;
  /** proofs in the token after the swap */
  proofCount: number;
  /** sats in the token after the swap (amount - fee) */
  amount: number;
  /** the fee is acceptable: the screen consolidates by default */
  recommended: boolean;
  /** some proof cannot be put into a cashuB token as it is (legacy keyset id): swap first */
  required: boolean;
}

export interface WithdrawPlan {
  mintUrl: string;
  /** sats in the current mint's unspent proofs */
  amount: number;
  proofCount: number;
  /** null when the proofs are already few (or the fee could not be learned) */
  consolidation: ConsolidationPlan | null;
}

export type WithdrawPreparation = WithdrawPlan | WithdrawError;

/** Number of proofs in the minimal power-of-two split of `amount`. */
export function popcount(amount: number): number {
  let count = 0;
  let rest = Math.trunc(amount);
  while (rest > 0) {
    count += rest % 2;
    rest = Math.floor(rest / 2);
  }
  return count;
}

/** Many more proofs than the amount needs: worth one swap so the QR has far fewer frames. */
export function wantsConsolidation(amount: number, proofCount: number): boolean {
  return proofCount > popcount(amount) + CONSOLIDATION_MARGIN;
}

export function feeIsAcceptable(fee: number, amount: number): boolean {
  return fee === 0 || (fee < amount && fee <= amount * MAX_CONSOLIDATION_FEE_RATIO);
}

/** Keyset ids of v4 tokens are hex; older base64 ids must be swapped onto a current keyset. */
export function isHexKeysetId(id: string): boolean {
  return /^[0-9a-fA-F]+$/.test(id);
}

/** The result asks the merchant to look at the (new) fee again before withdrawing. */
export function isFeeChanged(result: WithdrawResult): boolean {
  return 'code' in result && result.code === 'fee-changed';
}

export function isWithdrawError(
  result: WithdrawResult | WithdrawPreparation,
): result is WithdrawError {
  return 'code' in result;
}
