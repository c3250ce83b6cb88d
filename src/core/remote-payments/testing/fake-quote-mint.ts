// A seedless wallet and mint stand-in for cashier tests: NUT-20 locked quotes, paid or expired
// when the test says so, and no WebSocket (the watcher polls).
import { Amount, type Mint, type Wallet } from '@cashu/cashu-ts';

export function fakeQuoteMint() {
  const state = {
    created: [] as string[],
    paid: new Set<string>(),
    /** unix seconds given to new quotes */
    expiry: null as number | null,
  };
  const wallet = {
    loadMint: () => Promise.resolve(),
    getMintInfo: () => ({ isSupported: (nut: number) => ({ supported: nut === 20 }) }),
    createLockedMintQuote: (amount: number, pubkey: string) => {
      const quote = `quote-${state.created.length + 1}`;
      state.created.push(quote);
      return Promise.resolve({
        quote,
        request: `lnbcrt${amount}n1fakeinvoice`,
        amount: Amount.from(amount),
        unit: 'sat',
        state: 'UNPAID',
        expiry: state.expiry,
        pubkey,
      });
    },
    createMintQuoteBolt11: () => Promise.reject(new Error('unlocked quotes not expected')),
  } as unknown as Wallet;
  const mint = {
    checkMintQuoteBolt11: (quote: string) =>
      Promise.resolve({
        quote,
        state: state.paid.has(quote) ? 'PAID' : 'UNPAID',
        expiry: state.expiry,
      }),
    getLazyMintInfo: () => Promise.reject(new Error('no websocket in this test')),
  } as unknown as Mint;
  return { state, wallet, mint };
}
