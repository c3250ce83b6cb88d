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

/** The names and sizes of the files under `dir`, as one string that changes when any does. */
async function listing(dir) {
  const names = (await readdir(dir).catch(() => [])).sort();
  const sizes = await Promise.all(
    names.map((n) =>
      stat(join(dir, n)).then(
        (s) => s.size,
        () => -1,
      ),
    ),
  );
  return names.map((n, i) => `${n}:${sizes[i]}`).join(' ');
}

/**
 * Resolves once the files under `dirs` have not changed for `quietMs` and at least `minMs` have
 * passed, or after `maxMs` (from `since`).
 */
async function filesQuiet(dirs, { quietMs, minMs = 0, maxMs, since = Date.now() }) {
  let before = (await Promise.all(dirs.map(listing))).join('|');
  let quietSince = Date.now();
  while (
    (Date.now() - quietSince < quietMs || Date.now() - since < minMs) &&
    Date.now() - since < maxMs
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = (await Promise.all(dirs.map(listing))).join('|');
    if (now !== before) {
      before = now;
      quietSince = Date.now();
    }
  }
}

/**
 * Chromium keeps a database's backing store for 2 s after its last connection closes, then runs
 * its pre-close tasks: among them a full LevelDB compaction, for a database not compacted that
 * way within about a day.
 */
const CLOSE_GRACE_MS = 2_000;

/**
 * Bytes of one origin's IndexedDB once LevelDB has finished its own work: the closed profile is
 * reopened on a page of the origin that runs none of the app (its web manifest), the database is
 * opened without a version (no upgrade) and held open until its files have not changed for
 * `quietMs`, then closed, and the browser kept until Chromium's grace period after the last
 * connection has passed and the files are quiet again (its close-time compaction, decision 0097);
 * then weighed, `cycles` times. A profile closed in the middle of a compaction keeps both its
 * inputs and its outputs, and one closed before any full compaction keeps every overwritten and
 * deleted row: the same 100,000 events weighed 24.5 to 49.4 MB as the app left them
 * (docs/performance.md "Wallet at scale"). Returns the last weighing with every cycle's bytes
 * and how long each waited.
 */
export async function settledIndexedDbSize(
  profile,
  origin,
  dbName,
  { quietMs = 3_000, maxMs = 60_000, cycles = 2 } = {},
) {
  const weighed = [];
  let last;
  for (let i = 0; i < cycles; i++) {
    const { paths } = await indexedDbSize(profile.dir, origin);
    const dirs = paths.map((p) => join(profile.dir, 'Default', 'IndexedDB', p));
    const context = await profile.launch();
    const t0 = Date.now();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/manifest.webmanifest`);
      await page.evaluate(
        (name) =>
          new Promise((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onsuccess = () => {
              window.__heldDb = open.result;
              resolve();
            };
            open.onerror = () => reject(open.error);
          }),
        dbName,
      );
      await filesQuiet(dirs, { quietMs, maxMs, since: t0 });
      await page.evaluate(() => window.__heldDb.close());
      await filesQuiet(dirs, { quietMs, minMs: CLOSE_GRACE_MS + quietMs, maxMs });
    } finally {
      await context.close();
    }
    last = await indexedDbSize(profile.dir, origin);
    weighed.push({ bytes: last.bytes, waitedMs: Date.now() - t0 });
  }
  return { ...last, settle: weighed };
}
