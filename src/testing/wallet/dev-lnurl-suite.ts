// Test suite set-up for files that pay the dev Lightning address: one per file, backed by the
// file's dev mint, and the pay parameters a cash-out reads from it.
import { afterAll, beforeAll } from 'vitest';
import { startLnurl, type DevLnurl } from '../../../dev/lnurl/server';
import { fetchPayParams, parseDestination, type PayParams } from '../../core/wallet/cash-out/lnurl';
import type { DevMintSuite } from './dev-mint-suite';

export interface DevLnurlSuite {
  /** the file's Lightning address server, started after its mint */
  readonly lnurl: DevLnurl;
  /** the address's pay parameters, read as a cash-out reads them */
  params(): Promise<PayParams>;
}

/** Call once at the top of a test file, after devMintSuite(). */
export function devLnurlSuite(dev: DevMintSuite): DevLnurlSuite {
  let lnurl: DevLnurl | undefined;
  beforeAll(async () => {
    lnurl = await startLnurl({ mintUrl: dev.mint.url, port: 0, log: () => {} });
  });
  afterAll(async () => {
    await lnurl?.close();
  });
  const suite: DevLnurlSuite = {
    get lnurl() {
      if (!lnurl) throw new Error('the dev Lightning address starts in beforeAll');
      return lnurl;
    },
    async params() {
      const destination = parseDestination(suite.lnurl.address);
      if (destination.kind !== 'lnurl') throw new Error('not an address');
      return fetchPayParams(destination, (url, init) => fetch(url, init));
    },
  };
  return suite;
}
