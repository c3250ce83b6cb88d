// The app's own storage layer (src/storage: Dexie schema and repositories) bundled into a script
// the bench injects into a page, so rows are written and read exactly as the app does it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Exposes `window.__cashewStorage = { CashewDb, DexieProofStore, DexieHistoryStore, paymentRow }`. */
const ENTRY = `
import { CashewDb, DEFAULT_DB_NAME } from './src/storage/database/db';
import { DexieProofStore } from './src/storage/wallet/proof-store';
import { DexieHistoryStore, paymentRow } from './src/storage/history/history-store';
import { silentLogger } from './src/core/logger';
window.__cashewStorage = {
  CashewDb, DEFAULT_DB_NAME, DexieProofStore, DexieHistoryStore, paymentRow, silentLogger,
};
`;

let cached;

/** The IIFE source (built once per process; esbuild comes with tsx). */
export async function storageBundle() {
  if (!cached) {
    const { build } = await import('esbuild');
    const result = await build({
      stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'bench-storage.ts' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    cached = result.outputFiles[0].text;
  }
  return cached;
}
