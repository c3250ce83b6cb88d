// What ecash from other mints says to the merchant when kept for later or refused (docs/protocol.md
// "Ecash from other mints"); the fees line and the arriving note are the screen's own texts.
import { errorWords as words } from '../../../errors';
import { formatSats } from '../../../format-sats';

export const FOREIGN_DOWN_MESSAGE =
  'The other mint did not answer; the ecash is kept and tried again later';

/** Why a row whose other mint said it paid was given up (shown with the failed row). */
/**
 * Shown for a failed row without a recorded reason (our mint issued its invoice elsewhere). Here
 * rather than in foreign-failed.ts, so the wallet screen's words need no token encoding.
 */
export const FAILED_NO_REASON = 'The payment from the other mint never arrived';

export const NEVER_ARRIVED_MESSAGE = 'The other mint says it paid, but the payment never arrived';

/** Each refusal carries its catalog key and values beside the English (decision 0063). */
export const tooSmallWords = (mint: string, total: number) =>
  words(
    'FOREIGN_TOO_SMALL',
    { mint, total },
    `This ecash from ${mint} is ${formatSats(total)} sats: too little to pay that mint's fees`,
  );

export const shortAfterFeesWords = (mint: string, arrive: number, fee: number, sale: number) =>
  words(
    'FOREIGN_SHORT_AFTER_FEES',
    { mint, arrive, fee, sale },
    `This ecash from ${mint} comes to ${formatSats(arrive)} sats after ${formatSats(fee)} sats in fees; the sale is ${formatSats(sale)} sats`,
  );

/** The other mint refused the melt: `reason` is its own words, kept as they are. */
export const meltRefusedWords = (mint: string, reason: string) =>
  words('FOREIGN_MELT_REFUSED', { mint, reason }, meltRefusedMessage(mint, reason));

/** The melt was taken and not paid. */
export const MELT_FAILED_REASON = 'the payment failed';
/** Our mint's invoice was settled by something else. */
export const NOT_OURS_REASON = 'the invoice was not ours';

export const meltFailedWords = (mint: string) =>
  words('FOREIGN_MELT_FAILED', { mint }, meltRefusedMessage(mint, MELT_FAILED_REASON));

export const notOursWords = (mint: string) =>
  words('FOREIGN_NOT_OURS', { mint }, meltRefusedMessage(mint, NOT_OURS_REASON));

export const tooSmallMessage = (mint: string, total: number) => tooSmallWords(mint, total).message;

export const shortAfterFeesMessage = (mint: string, arrive: number, fee: number, sale: number) =>
  shortAfterFeesWords(mint, arrive, fee, sale).message;

export function meltRefusedMessage(mint: string, reason: string): string {
  return `${mint} did not pay: ${reason}. The ecash was not taken`;
}
/** A locked till takes no other mint's ecash: its melt and our mint's outputs need the seed. */
export const FOREIGN_LOCKED_MESSAGE = 'Unlock the till to take ecash from another mint';
