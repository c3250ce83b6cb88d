// One URL normaliser (docs/architecture.md "Core modules"): no file trims trailing slashes or
// judges a mint URL by hand; they all go through core/urls.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const ALLOWED = ['core/urls/trailing-slashes.ts'];
/** A hand-written trailing-slash trim: `.replace(/\/+$/…` or `.replace(/\/$/…`. */
const HAND_TRIM = /\.replace\(\/\\\/\+?\$\//;
/** Another name for the normaliser, like the alias `normalizeMintUrl` there was. */
const OTHER_NAME = /\bnormalizeMintUrl\b|function normaliseMintUrl\(raw: unknown\)/;

describe('URL normalising', () => {
  it('happens in core/urls only: no hand-written slash trim, no second normaliser', () => {
    const offenders = sourcesUnder(src)
      .map((path) => relative(src, path))
      .filter((path) => !ALLOWED.includes(path))
      .filter((path) => {
        const text = readFileSync(join(src, path), 'utf8');
        return HAND_TRIM.test(text) || OTHER_NAME.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
