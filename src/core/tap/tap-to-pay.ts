// A tap on the invoice screen: what the card holds, then, for a Bolt Card, the sale's invoice paid
// from it (docs/protocol.md "Tap to pay"). Loaded with the first tap, never with the keypad.
import type { Fetch } from '../wallet/cash-out/lnurl';
import { payInvoiceFromCard, type WithdrawOutcome } from './lnurl-withdraw';
import { readTap } from './read-tap';

export type TapOutcome = WithdrawOutcome;

export interface CardTaps {
  /** `text`: the card's NDEF record; `invoice` and `amountSat`: the sale waiting to be paid. */
  payFromCard(text: string, invoice: string, amountSat: number): Promise<TapOutcome>;
}

export function createCardTaps(fetch: Fetch): CardTaps {
  return {
    async payFromCard(text, invoice, amountSat) {
      const read = readTap(text);
      if (read.kind !== 'withdraw') return { status: 'not-a-card' };
      return payInvoiceFromCard(fetch, read.url, invoice, amountSat);
    },
  };
}
