// A NUT-18 payload of another mint kept for later when taken (on its way, or its mint silent): its
// sale stays open, and ends as paid (screen and toast) when the payment lands later on this page, once.
import { describe, expect, it } from 'vitest';
import { ForeignEcashArrivingError, MintUnreachableError, ValidationError } from '../../errors';
import { silentLogger } from '../../logger';
import type { PendingMintQuote } from '../mint/ports';
import { EcashInbox, type EcashRefusal } from './ecash-inbox';
import type { EcashLanded, EcashPayment } from './ecash-receiver';

const sale: PendingMintQuote = {
  quote: 'q-sale',
  mintUrl: 'http://127.0.0.1:3338',
  amount: 50,
  request: 'lnbc…',
  kind: 'direct',
  state: 'UNPAID',
  createdAt: 0,
  expiry: null,
};

const payload = (id: string) =>
  JSON.stringify({ id, mint: 'http://127.0.0.1:3339', unit: 'sat', proofs: [] });

function inbox(failure: (payment: EcashPayment) => Error) {
  const listeners: Array<(landed: EcashLanded) => void> = [];
  const paid: Array<{ quote: string; amount: number; balance: number }> = [];
  const refused: EcashRefusal[] = [];
  const taken = new EcashInbox({
    requests: { findOpen: async () => sale },
    receiver: {
      receive: async (payment) => {
        throw failure(payment);
      },
      onLanded: (listener) => {
        listeners.push(listener);
        return () => {};
      },
    },
    paid: (quote, amount, balance) => paid.push({ quote: quote.quote, amount, balance }),
    logger: silentLogger,
  });
  taken.onRefused((refusal) => refused.push(refusal));
  const land = (landed: EcashLanded) => listeners.forEach((listener) => listener(landed));
  return { taken, land, paid, refused };
}

const landed = (id: string): EcashLanded => ({
  status: 'received',
  id,
  amount: 99,
  tipSats: 49,
  fee: 1,
  balance: 99,
  closesQuote: sale.quote,
});

describe('EcashInbox and ecash of another mint on its way', () => {
  it('ends the sale as paid when the payload it kept lands later, once', async () => {
    const { taken, land, paid, refused } = inbox(
      (payment) => new ForeignEcashArrivingError('still paying', payment.id, 99),
    );
    expect(await taken.take(payload('req-1'))).toBe(true);
    expect(paid).toEqual([]);
    expect(refused).toHaveLength(1);

    land(landed('someone-else'));
    expect(paid).toEqual([]);
    land(landed('req-1'));
    land(landed('req-1'));
    expect(paid).toEqual([{ quote: 'q-sale', amount: 99, balance: 99 }]);
  });

  it('ends it too for a payload kept because the other mint did not answer', async () => {
    const { taken, land, paid } = inbox(() => new MintUnreachableError('other mint down'));
    await taken.take(payload('req-2'));
    land(landed('req-2'));
    expect(paid).toEqual([{ quote: 'q-sale', amount: 99, balance: 99 }]);
  });

  it('does not end a sale whose payload was refused', async () => {
    const { taken, land, paid } = inbox(() => new ValidationError('spent'));
    await taken.take(payload('req-3'));
    land(landed('req-3'));
    expect(paid).toEqual([]);
  });
});
