// Builds and serves bench/floor (one button, React DOM + the data router) with the app's own
// vite.config.ts, so the floor and the app come out of the same toolchain and plugins.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const repo = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** @returns {Promise<{ url: string, distDir: string, close(): Promise<void> }>} */
export async function startFloor() {
  const workDir = await mkdtemp(join(tmpdir(), 'cashew-floor-'));
  const root = join(repo, 'bench', 'floor');
  const configFile = join(repo, 'vite.config.ts');
  const distDir = join(workDir, 'dist');
  try {
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
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('floor server has no port');
    return {
      url: `http://127.0.0.1:${address.port}`,
      distDir,
      close: async () => {
        await server.close();
        await rm(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}
