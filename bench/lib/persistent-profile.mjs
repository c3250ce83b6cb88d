// Chromium with a real profile directory, so the bench can weigh what IndexedDB keeps on disk.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config.ts';

/** A fresh temp profile; `launch()` may be called again after `close()` on the same data. */
export async function tempProfile(prefix = 'cashew-bench-profile-') {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return {
    dir,
    launch: () =>
      chromium.launchPersistentContext(dir, {
        ...chromiumLaunchOptions,
        headless: true,
        viewport: { width: 1280, height: 720 },
        // The bench injects the app's storage layer as an inline script (storage-bundle.mjs);
        // the built app's Content-Security-Policy (vite-plugins/csp.ts) would refuse it.
        bypassCSP: true,
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** LevelDB's write log (uncompressed), its tables (compressed) and the rest (manifest, lock). */
function kindOf(name) {
  if (name.endsWith('.log') && name !== 'LOG') return 'log';
  if (name.endsWith('.ldb') || name.endsWith('.sst')) return 'tables';
  return 'other';
}

async function sizeOf(path, name, total) {
  const info = await stat(path);
  if (info.isDirectory()) {
    for (const entry of await readdir(path)) await sizeOf(join(path, entry), entry, total);
    return;
  }
  total.bytes += info.size;
  total.allocatedBytes += info.blocks * 512;
  total.files += 1;
  const kind = kindOf(name);
  total.byKind[kind] = (total.byKind[kind] ?? 0) + info.size;
}

/**
 * Bytes of one origin's IndexedDB in a closed profile: every `<origin>.indexeddb.*` entry
 * (LevelDB directory, blob directory, or whatever backend this Chromium uses) summed;
 * `allocatedBytes` is what the file system reserves for it (du), `byKind` splits LevelDB files.
 */
export async function indexedDbSize(profileDir, origin) {
  const { protocol, hostname, port } = new URL(origin);
  const prefix = `${protocol.replace(':', '')}_${hostname}_${port || 0}.indexeddb`;
  const base = join(profileDir, 'Default', 'IndexedDB');
  const entries = (await readdir(base).catch(() => [])).filter((name) => name.startsWith(prefix));
  if (entries.length === 0) throw new Error(`no IndexedDB for ${origin} under ${base}`);
  const total = { bytes: 0, allocatedBytes: 0, files: 0, byKind: {}, paths: entries };
  for (const name of entries) await sizeOf(join(base, name), name, total);
  return total;
}
