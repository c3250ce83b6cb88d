// What ecash from other mints says to the merchant when kept for later or refused (docs/protocol.md
// "Ecash from other mints"); the fees line and the arriving note are the screen's own texts.

export const FOREIGN_DOWN_MESSAGE =
  'The other mint did not answer; the ecash is kept and tried again later';

/** Why a row whose other mint said it paid was given up (shown with the failed row). */
export const NEVER_ARRIVED_MESSAGE = 'The other mint says it paid, but the payment never arrived';

export function tooSmallMessage(mint: string, total: number): string {
  return `This ecash from ${mint} is ${total} sats: too little to pay that mint's fees`;
}

export function shortAfterFeesMessage(mint: string, arrive: number, fee: number, sale: number) {
  return `This ecash from ${mint} comes to ${arrive} sats after ${fee} sats in fees; the sale is ${sale} sats`;
}

export function meltRefusedMessage(mint: string, reason: string): string {
  return `${mint} did not pay: ${reason}. The ecash was not taken`;
}
/** A locked till takes no other mint's ecash: its melt and our mint's outputs need the seed. */
export const FOREIGN_LOCKED_MESSAGE = 'Unlock the till to take ecash from another mint';
