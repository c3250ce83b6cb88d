// What ecash from other mints says to the merchant: kept for later, refused, and the fees line
// (docs/protocol.md "Ecash from other mints"); plain text, no protocol code, so screens load it alone.

export const FOREIGN_DOWN_MESSAGE =
  'The other mint did not answer; the ecash is kept and tried again later';

/** Why a row whose other mint said it paid was given up (shown with the failed row). */
export const NEVER_ARRIVED_MESSAGE = 'The other mint says it paid, but the payment never arrived';

export function arrivesText(arrive: number, fee: number): string {
  return `${arrive} sats arrive after ${fee} sats in fees`;
}

/** Taken, its melt sent, the payment not in yet: followed, it lands as a sale when it arrives. */
export function arrivingText(arrive: number): string {
  return `${arrive} sats are on their way from the other mint. The sale lands here once they arrive; the ecash is kept meanwhile.`;
}

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
