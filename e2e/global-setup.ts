// E2E global setup: dev mint + dev relay on free ports, a production build pointed at them, served.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { startMint } from '../dev/mint/server.ts';
import { startRelay } from '../dev/relay/server.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** What tests read (through e2e/fixtures.ts); workers inherit the runner's environment. */
export const E2E_ENV = {
  app: 'E2E_APP_URL',
  mint: 'E2E_MINT_URL',
  relay: 'E2E_RELAY_URL',
} as const;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const workDir = await mkdtemp(join(tmpdir(), 'cashew-e2e-'));
  const closers: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    const mint = await startMint({ port: 0, fresh: true, dataDir: join(workDir, 'mint') });
    closers.push(() => mint.close());
    const relay = await startRelay({ port: 0 });
    closers.push(() => relay.close());

    // Vite reads VITE_* from process.env before the .env files, so the build points at them.
    process.env.VITE_DEFAULT_MINT_URL = mint.url;
    process.env.VITE_DEFAULT_RELAYS = JSON.stringify([relay.url]);
    process.env.VITE_DISCOVERY_RELAYS = JSON.stringify([relay.url]);
    process.env.VITE_AUDITOR_URL = '';

    const outDir = join(workDir, 'dist');
    const configFile = join(root, 'vite.config.ts');
    await build({
      root,
      configFile,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const server = await preview({
      root,
      configFile,
      logLevel: 'warn',
      build: { outDir },
      // Port 0: the OS picks a free one; preview serves index.html for unknown paths (SPA).
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
    closers.push(() => server.close());

    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('preview server has no port');
    process.env[E2E_ENV.app] = `http://127.0.0.1:${address.port}`;
    process.env[E2E_ENV.mint] = mint.url;
    process.env[E2E_ENV.relay] = relay.url;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
