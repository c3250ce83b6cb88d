// Chromium with a real profile directory, so the bench can weigh what IndexedDB keeps on disk.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
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
 * Resolves once the files under `dirs` have not changed for `quietMs`, or after `maxMs`.
 */
async function filesQuiet(dirs, { quietMs, maxMs }) {
  const since = Date.now();
  let before = (await Promise.all(dirs.map(listing))).join('|');
  let quietSince = since;
  while (Date.now() - quietSince < quietMs && Date.now() - since < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = (await Promise.all(dirs.map(listing))).join('|');
    if (now !== before) {
      before = now;
      quietSince = Date.now();
    }
  }
}

/** An origin of its own for the copy: a loopback server answering every path with an empty page. */
async function emptyOrigin() {
  const server = createServer((_, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>copy</title>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** In the source page: the database's stores and indexes, as `createObjectStore` takes them. */
function readSchema(dbName) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      // Held open while the rows are read (copyRows), and closed with the browser.
      window.__sourceDb = db;
      const names = Array.from(db.objectStoreNames);
      if (names.length === 0) return resolve({ version: db.version, stores: [] });
      const tx = db.transaction(names, 'readonly');
      const stores = names.map((name) => {
        const store = tx.objectStore(name);
        const indexes = Array.from(store.indexNames).map((indexName) => {
          const index = store.index(indexName);
          return {
            name: indexName,
            keyPath: index.keyPath,
            unique: index.unique,
            multiEntry: index.multiEntry,
          };
        });
        return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
      });
      resolve({ version: db.version, stores });
    };
  });
}

/** In the copy's page: the same database, empty, and a listener writing each batch posted to it. */
function createCopy({ dbName, schema }) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName, schema.version);
    open.onerror = () => reject(open.error);
    open.onupgradeneeded = () => {
      for (const store of schema.stores) {
        const created = open.result.createObjectStore(store.name, {
          keyPath: store.keyPath ?? undefined,
          autoIncrement: store.autoIncrement,
        });
        for (const index of store.indexes) {
          created.createIndex(index.name, index.keyPath, {
            unique: index.unique,
            multiEntry: index.multiEntry,
          });
        }
      }
    };
    open.onsuccess = () => {
      const db = open.result;
      const inline = new Map(schema.stores.map((store) => [store.name, store.keyPath !== null]));
      window.addEventListener('message', (event) => {
        const { store, rows } = event.data;
        const tx = db.transaction(store, 'readwrite');
        const target = tx.objectStore(store);
        for (const [key, value] of rows) {
          if (inline.get(store)) target.put(value);
          else target.put(value, key);
        }
        tx.oncomplete = () => event.source.postMessage({ written: rows.length }, '*');
        tx.onerror = () => event.source.postMessage({ error: String(tx.error) }, '*');
      });
      resolve();
    };
  });
}

/**
 * In the source page: every row of every store posted to the copy's window in batches, each
 * batch written before the next is read. Structured clone both ways, so every value and key
 * arrives as IndexedDB stored it. Resolves to the rows copied.
 */
function copyRows({ copyOrigin, batch }) {
  const db = window.__sourceDb;
  const copy = window.__copyWindow;
  const written = () =>
    new Promise((resolve, reject) => {
      const onMessage = (event) => {
        if (event.origin !== copyOrigin) return;
        window.removeEventListener('message', onMessage);
        if (event.data.error) reject(new Error(event.data.error));
        else resolve(event.data.written);
      };
      window.addEventListener('message', onMessage);
    });
  const readBatch = (store, after) =>
    new Promise((resolve, reject) => {
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const request = db.transaction(store, 'readonly').objectStore(store).openCursor(range);
      const rows = [];
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor || rows.length === batch) return resolve(rows);
        rows.push([cursor.primaryKey, cursor.value]);
        cursor.continue();
      };
    });
  return (async () => {
    let total = 0;
    for (const store of Array.from(db.objectStoreNames)) {
      for (let after; ;) {
        const rows = await readBatch(store, after);
        if (rows.length === 0) break;
        const done = written();
        copy.postMessage({ store, rows }, copyOrigin);
        total += await done;
        after = rows.at(-1)[0];
      }
    }
    return total;
  })();
}

/**
 * Bytes the rows of one origin's database `dbName` take written once, the same way for every
 * size: the closed profile is reopened, every row copied with its key into the same schema at an
 * origin of its own that has never had a database, the copy's files left until they have not
 * changed for `quietMs` (LevelDB's own compactions done), then the browser closed and the copy
 * weighed and removed. Written once, no row in the copy was overwritten or deleted, so its
 * tables hold no stale versions; what is left of them in the origin's own directory depends on
 * which compactions LevelDB happened to run before the browser closed, which Chromium does not
 * let a page ask for (decision 0097): the same 100,000 events weighed 24.5 to 65.4 MB there.
 * Returns the copy's weight and the rows copied.
 */
export async function freshCopySize(
  profile,
  origin,
  dbName,
  { quietMs = 3_000, maxMs = 120_000, batch = 2_000 } = {},
) {
  const copyOrigin = await emptyOrigin();
  const context = await profile.launch();
  let rows;
  try {
    const source = context.pages()[0] ?? (await context.newPage());
    await source.goto(`${origin}/manifest.webmanifest`);
    const schema = await source.evaluate(readSchema, dbName);
    const [copyPage] = await Promise.all([
      context.waitForEvent('page'),
      source.evaluate((url) => {
        window.__copyWindow = window.open(`${url}/`);
      }, copyOrigin.url),
    ]);
    await copyPage.waitForLoadState('load');
    await copyPage.evaluate(createCopy, { dbName, schema });
    rows = await source.evaluate(copyRows, { copyOrigin: copyOrigin.url, batch });
    const { paths } = await indexedDbSize(profile.dir, copyOrigin.url);
    const dirs = paths.map((p) => join(profile.dir, 'Default', 'IndexedDB', p));
    await filesQuiet(dirs, { quietMs, maxMs });
  } finally {
    await context.close();
    await copyOrigin.close();
  }
  const weighed = await indexedDbSize(profile.dir, copyOrigin.url);
  // The copy goes, so the profile's later sessions find only the app's own data.
  for (const path of weighed.paths) {
    await rm(join(profile.dir, 'Default', 'IndexedDB', path), { recursive: true, force: true });
  }
  return { ...weighed, rows };
}
