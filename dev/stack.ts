// The whole app stack on free ports: dev mint, relay, Lightning address, price feed, Bolt Card
// service, and the app built and served.
// Shared by the e2e global setup and `npm run bench`, so both measure the same thing; `npm run soak`
// starts it without the app.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { startBoltCard, type DevBoltCard } from './boltcard/server.ts';
import { startLnurl, type DevLnurl } from './lnurl/server.ts';
import { startMint, type DevMint } from './mint/server.ts';
import { startPriceFeed, type DevPriceFeed } from './prices/server.ts';
import { startRelay, type DevRelay } from './relay/server.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

export interface StackOptions {
  /** Prefix of the temporary directory holding the mint data and the build. */
  tempPrefix?: string;
  /** Reported by the mint in its info and used by fee tests; default: the mint's default. */
  inputFeePpk?: number;
  /** Publishes the dev mint as a NIP-87 recommendation on the relay, so discovery finds it. */
  seedDiscovery?: boolean;
  /**
   * Build and serve the app (default true). False starts only the services, for code that runs
   * the app's services in Node (bench/soak); `appUrl` and `distDir` are then empty.
   */
  app?: boolean;
}

export interface DevStack {
  appUrl: string;
  mintUrl: string;
  relayUrl: string;
  /** http URL of the dev LNURL-pay server (dev/lnurl). */
  lnurlUrl: string;
  /** A Lightning address it serves, `merchant@127.0.0.1:PORT`; its invoices are dev mint quotes. */
  lightningAddress: string;
  /** The dev price feed's mempool-shaped prices URL, `http://127.0.0.1:PORT/api/v1/prices`. */
  pricesUrl: string;
  /** The dev Bolt Card's NDEF URL, `lnurlw://127.0.0.1:PORT/card?p=…&c=…` (dev/boltcard). */
  boltCardUrl: string;
  /** The built app (index.html + assets/) the preview server serves. */
  distDir: string;
  mint: DevMint;
  relay: DevRelay;
  lnurl: DevLnurl;
  prices: DevPriceFeed;
  boltCard: DevBoltCard;
  /** Stops the preview server, relay and mint, then deletes the temporary directory. */
  close(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<DevStack> {
  const workDir = await mkdtemp(join(tmpdir(), options.tempPrefix ?? 'cashew-stack-'));
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    // The price feed first: the mint prices its usd and eur quotes from it.
    const prices = await startPriceFeed({ port: 0 });
    closers.push(() => prices.close());
    const mintOptions: Parameters<typeof startMint>[0] = {
      port: 0,
      fresh: true,
      dataDir: join(workDir, 'mint'),
      pricesUrl: prices.pricesUrl,
    };
    if (options.inputFeePpk !== undefined) mintOptions.inputFeePpk = options.inputFeePpk;
    const mint = await startMint(mintOptions);
    closers.push(() => mint.close());
    const relay = await startRelay({ port: 0 });
    closers.push(() => relay.close());
    const lnurl = await startLnurl({ mintUrl: mint.url, port: 0 });
    closers.push(() => lnurl.close());
    const boltCard = await startBoltCard({ mintUrl: mint.url, port: 0 });
    closers.push(() => boltCard.close());

    if (options.seedDiscovery) {
      const { seedMintRecommendation } = await import('./relay/seed.ts');
      await seedMintRecommendation(relay.url, mint.url);
    }

    // Vite reads VITE_* from process.env before the .env files, so the build points at them.
    process.env.VITE_DEFAULT_MINT_URL = mint.url;
    process.env.VITE_DEFAULT_RELAYS = JSON.stringify([relay.url]);
    process.env.VITE_DISCOVERY_RELAYS = JSON.stringify([relay.url]);
    process.env.VITE_AUDITOR_URL = '';
    // The price source the build defaults to: the dev price feed.
    process.env.VITE_PRICE_URL = prices.pricesUrl;

    const services = {
      mintUrl: mint.url,
      relayUrl: relay.url,
      lnurlUrl: lnurl.url,
      lightningAddress: lnurl.address,
      pricesUrl: prices.pricesUrl,
      boltCardUrl: boltCard.cardUrl,
      mint,
      relay,
      lnurl,
      prices,
      boltCard,
      close,
    };
    if (options.app === false) return { ...services, appUrl: '', distDir: '' };

    const distDir = join(workDir, 'dist');
    const configFile = join(root, 'vite.config.ts');
    await build({
      root,
      configFile,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true },
    });
    const server = await preview({
      root,
      configFile,
      logLevel: 'warn',
      build: { outDir: distDir },
      // Port 0: the OS picks a free one; preview serves index.html for unknown paths (SPA).
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
    closers.push(() => server.close());

    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('preview server has no port');
    return { ...services, appUrl: `http://127.0.0.1:${address.port}`, distDir };
  } catch (error) {
    await close();
    throw error;
  }
}
