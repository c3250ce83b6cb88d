// Cash-out texts group their figures as every screen does (docs/behaviour.md, top): "6,090 sats".
import { describe, expect, it } from 'vitest';
import { cashOutPaid, heldByPendingToken, lnurlWrongInvoice } from './texts';

describe('cash-out texts', () => {
  it('group thousands in every figure', () => {
    expect(cashOutPaid(6090, 12)).toBe('Cash-out paid: 6,090 sats sent, 12 sats fee.');
    expect(cashOutPaid(40, 1)).toBe('Cash-out paid: 40 sats sent, 1 sat fee.');
    expect(heldByPendingToken(12_345, 1_000, 11_345)).toContain(
      'this needs 12,345 sats with fees, 1,000 sats are available and 11,345 sats are held',
    );
    expect(lnurlWrongInvoice('shop.example', 2_500, 25_000)).toBe(
      'shop.example sent an invoice for 25,000 sats instead of 2,500 sats. Nothing was paid.',
    );
  });
});
