// A tap on the invoice screen: what the card holds, then, for a Bolt Card, the sale's invoice paid
// from it; a tag with a token or a payment request gets its own answer (docs/protocol.md
// "Tap to pay"). Loaded with the first tap, never with the keypad.
import type { Fetch } from '../wallet/cash-out/lnurl';
import { payInvoiceFromCard, type WithdrawOutcome } from './lnurl-withdraw';
import { readTap } from './read-tap';

export type TapOutcome =
  | WithdrawOutcome
  /** a tag holding a Cashu token: it is taken by Receive ecash, which checks it for the sale */
  | { status: 'token-tag' }
  /** a tag holding a NUT-18 payment request: someone asks to be paid, it pays nothing */
  | { status: 'request-tag' };

export interface CardTaps {
  /** `text`: the card's NDEF record; `invoice` and `amountSat`: the sale waiting to be paid. */
  payFromCard(text: string, invoice: string, amountSat: number): Promise<TapOutcome>;
}

export function createCardTaps(fetch: Fetch): CardTaps {
  return {
    async payFromCard(text, invoice, amountSat) {
      const read = readTap(text);
      if (read.kind === 'token') return { status: 'token-tag' };
      if (read.kind === 'request') return { status: 'request-tag' };
      if (read.kind !== 'withdraw') return { status: 'not-a-card' };
      return payInvoiceFromCard(fetch, read.url, invoice, amountSat);
    },
  };
}
