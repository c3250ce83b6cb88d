// E2E helper: `test` with a dev mint and Lightning address of the spec's own, for specs that change
// the mint's settings (fee reserve, error numbering) or arm its or the address's faults, so they
// run beside the rest of the suite instead of after it, alone: on the shared mint, a test running
// beside them could take a one-use fault or meet the changed settings.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLnurl } from '../../dev/lnurl/server';
import { startMint } from '../../dev/mint/server';
import { test as base } from '../fixtures';

export { expect } from '../fixtures';

interface OwnStack {
  mintUrl: string;
  lnurlUrl: string;
  lightningAddress: string;
}

/**
 * The suite's fixtures, with `mintUrl`, `payQuote`, `lnurlUrl` and `lightningAddress` pointing at a
 * mint and an address started for this worker (the app and relay stay the shared ones). One per
 * worker, so hooks (`beforeAll`) and tests of a file see the same mint.
 */
export const test = base.extend<Record<never, never>, { ownStack: OwnStack }>({
  ownStack: [
    /* eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring first argument */
    async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'cashew-e2e-own-mint-'));
      const mint = await startMint({ port: 0, fresh: true, dataDir });
      const lnurl = await startLnurl({ mintUrl: mint.url, port: 0 });
      try {
        await use({ mintUrl: mint.url, lnurlUrl: lnurl.url, lightningAddress: lnurl.address });
      } finally {
        await lnurl.close();
        await mint.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  mintUrl: async ({ ownStack }, use) => use(ownStack.mintUrl),
  lnurlUrl: async ({ ownStack }, use) => use(ownStack.lnurlUrl),
  lightningAddress: async ({ ownStack }, use) => use(ownStack.lightningAddress),
});
