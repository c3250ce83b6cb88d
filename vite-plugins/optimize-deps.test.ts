// The dev server pre-bundles every package the app imports (vite.config.ts optimizeDeps.include):
// a package it discovers only when a screen first imports it makes Vite re-optimise and reload the
// page mid-onboarding, swallowing what the user typed (issue 17).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vite.config';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs in Node at build time (vite-plugins/prerender.ts), never in the browser. */
const BUILD_TIME_ONLY = new Set(['prerender.tsx']);

/** Source files that end up in the browser build (not tests or their helpers). */
function appSources(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'testing' || name === 'conformance') continue;
      files.push(...appSources(path));
    } else if (
      /\.tsx?$/.test(name) &&
      !/\.test\.|test-support|test-services|\.d\.ts$/.test(name) &&
      !BUILD_TIME_ONLY.has(name)
    ) {
      files.push(path);
    }
  }
  return files;
}

/** Bare package specifiers imported (statically or dynamically) by the app's sources. */
function importedPackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of appSources(join(root, 'src'))) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)) {
      const spec = match[1]!;
      if (spec.startsWith('node:') || spec.startsWith('virtual:')) continue;
      // A file's URL (the QR reader's .wasm), served as an asset: nothing to pre-bundle.
      if (spec.endsWith('?url')) continue;
      if (!found.has(spec)) found.set(spec, relative(root, file));
    }
  }
  return found;
}

describe('dev server dependency pre-bundling', () => {
  it('lists every package the app imports in optimizeDeps.include', () => {
    const include = new Set(config.optimizeDeps?.include ?? []);
    const missing = [...importedPackages()]
      .filter(([spec]) => !include.has(spec))
      .map(([spec, file]) => `${spec} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('pre-bundles the service worker registration library', () => {
    expect(config.optimizeDeps?.include).toContain('workbox-window');
  });
});
