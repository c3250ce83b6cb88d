// The Wallet headline of a till charging in dollars leads with its dollars; sats are shown only
// when some are held, and a dollar is never added to a sat.
import { describe, expect, it } from 'vitest';
import { amountOf } from '../../core/units/amount';
import { tillHeadline } from './till-headline';

const lines = [
  { mintUrl: 'https://a.example', amount: amountOf(1_000, 'sat') },
  { mintUrl: 'https://a.example', amount: amountOf(500, 'usd') },
  { mintUrl: 'https://b.example', amount: amountOf(250, 'usd') },
  { mintUrl: 'https://b.example', amount: amountOf(90, 'eur') },
];
const none = { balance: 0, pendingSats: 0, atMint: 0 };

describe('the Wallet headline', () => {
  it('of a USD till is its dollars over every mint, never with sats or euros added', () => {
    expect(tillHeadline('usd', { ...none, balance: 1_000, unitBalances: lines })).toEqual({
      lead: amountOf(750, 'usd'),
      showSats: true,
    });
  });

  it('of a USD till holding no sats leaves the sats out', () => {
    const dollarsOnly = lines.filter((line) => line.amount.unit === 'usd');
    expect(tillHeadline('usd', { ...none, unitBalances: dollarsOnly })).toEqual({
      lead: amountOf(750, 'usd'),
      showSats: false,
    });
  });

  it('of a USD till shows sats held only in a pending token or at the mint', () => {
    expect(tillHeadline('usd', { ...none, pendingSats: 21, unitBalances: [] }).showSats).toBe(true);
    expect(tillHeadline('usd', { ...none, atMint: 5, unitBalances: [] }).showSats).toBe(true);
  });

  it('of a USD till with no dollars yet reads 0 USD', () => {
    expect(tillHeadline('usd', { ...none, unitBalances: [] }).lead).toEqual(amountOf(0, 'usd'));
  });

  it('of a sat till is its sats, as before units', () => {
    expect(tillHeadline('sat', { ...none, balance: 1_000, unitBalances: lines })).toEqual({
      lead: amountOf(1_000, 'sat'),
      showSats: true,
    });
  });
});
