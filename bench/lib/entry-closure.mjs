// What a first visit's module scripts are in a build: dist/index.html's entries and everything
// they statically import, with their gzip size (read by bench/bundle.mjs and bench/first-load.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip at zlib's default level (6), what a typical static host sends. */
export const gzipBytes = (buffer) => gzipSync(buffer).length;

/** Static imports of a built chunk (`import"./x.js"`, `from"./x.js"`), never dynamic import(). */
export function staticImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    found.add(match[1].slice(2));
  }
  return [...found];
}

/**
 * The module scripts of dist/index.html (the entry, and the early one if any) plus everything they
 * statically import, read from dist/. `entry` is the app's script (the one that is not async).
 */
export function entryClosure(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g)];
  if (scripts.length === 0) throw new Error('no module entry script in dist/index.html');
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(distDir, 'assets', file));
    for (const next of staticImports(code.toString('utf8'))) visit(next);
  };
  for (const [, file] of scripts) visit(file);
  const entry = scripts.find(([tag]) => !/\sasync[\s>=]/.test(tag)) ?? scripts[0];
  return { entry: entry[1], files: [...seen] };
}
