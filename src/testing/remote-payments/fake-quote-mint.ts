// A seedless wallet and mint stand-in for cashier tests: NUT-20 locked quotes, paid or expired
// when the test says so, and no WebSocket (the watcher polls).
import { Amount, NetworkError, type Mint, type Wallet } from '@cashu/cashu-ts';

export function fakeQuoteMint() {
  const state = {
    created: [] as string[],
    paid: new Set<string>(),
    /** unix seconds given to new quotes */
    expiry: null as number | null,
    /** the mint's /v1/info reply; none (an unreachable info) unless a test sets it */
    info: null as unknown,
    infoReads: 0,
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
    getInfo: () => {
      state.infoReads += 1;
      return state.info === null
        ? Promise.reject(new NetworkError('Failed to fetch'))
        : Promise.resolve(state.info);
    },
  } as unknown as Mint;
  return { state, wallet, mint };
}
