// NUT-12 DLEQ is required from a mint that advertises it (docs/security.md "A hardened page"):
// against the real dev mint, a mint that keeps answering without DLEQ proofs gets nothing stored,
// a clear error logged and the quote kept, and the payment is stored once the mint behaves.
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { expect, it } from 'vitest';
import { devMintSuite } from '../testing/wallet/dev-mint-suite';
import { paymentHarness } from '../testing/wallet/payment-harness';

const WAIT = { timeout: 15_000, interval: 25 };
const dev = devMintSuite({ fresh: true });

it('a NUT-12 mint answering without DLEQ is refused: nothing stored, the quote kept, stored once it behaves', async () => {
  const info = (await (await fetch(`${dev.mint.url}/v1/info`)).json()) as {
    nuts: Record<string, unknown>;
  };
  expect(info.nuts['12']).toMatchObject({ supported: true });
  const h = paymentHarness({
    mintUrl: dev.mint.url,
    seed: mnemonicToSeedSync(generateMnemonic(wordlist)),
  });
  try {
    // Every signature the mint sends, from the mint request and from NUT-09 restore, lacks DLEQ.
    for (const path of ['/v1/mint/bolt11', '/v1/restore']) {
      dev.mint.addFault({ path, method: 'POST', action: 'malform', malform: 'missingDleq' });
    }
    const quote = await h.service.createInvoice({ amount: 21 });
    await dev.mint.pay(quote.quote);
    await expect
      .poll(() => h.logs.some((l) => /without DLEQ proof/.test(l.message)), WAIT)
      .toBe(true);
    expect(h.balance()).toBe(0);
    expect(h.settled).toEqual([]);
    expect((await h.quotes.list()).map((q) => q.quote)).toEqual([quote.quote]);

    dev.mint.clearFaults();
    await h.service.resumeAll();
    await expect.poll(() => h.settled.map((s) => s.amount), WAIT).toEqual([21]);
    expect(h.balance()).toBe(21);
    expect(await h.quotes.list()).toEqual([]);
  } finally {
    await h.shutdown();
  }
});
