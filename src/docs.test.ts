// The docs stay true: every file a doc names exists, every docs section a code comment cites
// exists, and no comment cites a document that is not in the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

const docs = ['README.md', ...filesUnder('docs', (path) => path.endsWith('.md'))];
const sources = filesUnder('src', (path) => /\.(ts|tsx)$/.test(path));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** Written by a command, not kept in git (`npm run bench` writes bench/results/latest.json). */
const GENERATED = ['bench/results/latest.json'];

/** Paths in backticks, e.g. `core/wallet/mint-errors.ts` (layer paths are under src/). */
const PATH_IN_CODE =
  /`((?:src|core|app|features|storage|ui|dev|e2e|bench|docs|vite-plugins|scripts)\/[\w./-]*)`/g;
/** Relative links, e.g. [decision 0005](decisions/0005-dexie-schema-policy.md#why). */
const LINK = /\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)/g;
/** A section cited in a code comment, e.g. docs/protocol.md "Money rules". */
const CITATION = /docs\/([\w/.-]+\.md) "([^"]+)"/g;

function headings(doc: string): string[] {
  return read(doc)
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

describe('docs', () => {
  it('name only files and folders that exist', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const text = read(doc);
      for (const [, path = ''] of text.matchAll(PATH_IN_CODE)) {
        const bare = path.replace(/\/$/, '');
        if (GENERATED.some((prefix) => path.startsWith(prefix))) continue;
        if (!existsSync(join(root, bare)) && !existsSync(join(root, 'src', bare))) {
          missing.push(`${doc}: ${path}`);
        }
      }
      for (const [, link = ''] of text.matchAll(LINK)) {
        if (!existsSync(join(root, dirname(doc), link))) missing.push(`${doc}: link ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('have every section that a code comment cites', () => {
    const missing: string[] = [];
    for (const source of sources) {
      for (const [, doc = '', section = ''] of read(source).matchAll(CITATION)) {
        const path = join('docs', doc);
        if (!existsSync(join(root, path))) {
          missing.push(`${source}: ${path}`);
        } else if (!headings(path).some((heading) => heading.startsWith(section))) {
          missing.push(`${source}: ${path} "${section}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are the only documents code comments cite', () => {
    const outside = sources.filter((source) =>
      /\bSPEC(\.md| §)|DESIGN(\.md| ")/.test(read(source)),
    );
    expect(outside.map((source) => relative(root, join(root, source)))).toEqual([]);
  });
});
