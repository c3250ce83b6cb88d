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
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

async function sizeOf(path) {
  const info = await stat(path);
  if (!info.isDirectory()) return { bytes: info.size, allocatedBytes: info.blocks * 512, files: 1 };
  const total = { bytes: 0, allocatedBytes: 0, files: 0 };
  for (const entry of await readdir(path)) {
    const part = await sizeOf(join(path, entry));
    total.bytes += part.bytes;
    total.allocatedBytes += part.allocatedBytes;
    total.files += part.files;
  }
  return total;
}

/**
 * Bytes of one origin's IndexedDB in a closed profile: every `<origin>.indexeddb.*` entry
 * (LevelDB directory, blob directory, or whatever backend this Chromium uses) summed;
 * `allocatedBytes` is what the file system reserves for it (du).
 */
export async function indexedDbSize(profileDir, origin) {
  const { protocol, hostname, port } = new URL(origin);
  const prefix = `${protocol.replace(':', '')}_${hostname}_${port || 0}.indexeddb`;
  const base = join(profileDir, 'Default', 'IndexedDB');
  const entries = (await readdir(base).catch(() => [])).filter((name) => name.startsWith(prefix));
  if (entries.length === 0) throw new Error(`no IndexedDB for ${origin} under ${base}`);
  const total = { bytes: 0, allocatedBytes: 0, files: 0, paths: entries };
  for (const name of entries) {
    const part = await sizeOf(join(base, name));
    total.bytes += part.bytes;
    total.allocatedBytes += part.allocatedBytes;
    total.files += part.files;
  }
  return total;
}
