// Cash-out texts group their figures as every screen does (docs/behaviour.md, top): "6,090 sats",
// and carry their catalog key and values for the screens' other languages.
import { describe, expect, it } from 'vitest';
import { amountOutOfRange, heldByPendingToken, lnurlWrongInvoice } from './texts';

describe('cash-out texts', () => {
  it('group thousands in every figure', () => {
    expect(heldByPendingToken(12_345, 1_000, 11_345).message).toContain(
      'this needs 12,345 sats with fees, 1,000 sats are available and 11,345 sats are held',
    );
    expect(lnurlWrongInvoice('shop.example', 2_500, 25_000).message).toBe(
      'shop.example sent an invoice for 25,000 sats instead of 2,500 sats. Nothing was paid.',
    );
    expect(amountOutOfRange(1_000, 100_000).message).toBe(
      'Enter an amount from 1,000 to 100,000 sats.',
    );
  });

  it('name their catalog key and values, an invoice without an amount by a key of its own', () => {
    expect(lnurlWrongInvoice('shop.example', 21, 22).text).toEqual({
      key: 'LNURL_WRONG_INVOICE',
      values: { speaker: 'shop.example', asked: 21, got: 22 },
    });
    expect(lnurlWrongInvoice('shop.example', 21, null).text.key).toBe('LNURL_INVOICE_NO_AMOUNT');
  });
});
