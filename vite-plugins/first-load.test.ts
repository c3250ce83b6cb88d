// The compile-hint plugin finds the first screen's chunks and marks only those.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  compileHintsForFirstScreen,
  entryChunks,
  shiftSourceMap,
  type Bundle,
  type ChunkInfo,
} from './first-load';

function chunk(fileName: string, imports: string[], isEntry = false): ChunkInfo {
  return { type: 'chunk', fileName, imports, isEntry };
}

/** An entry importing React and the router, and two lazy screens sharing a QR chunk. */
function sampleBundle(): Bundle {
  const files = [
    chunk('assets/index.js', ['assets/react.js', 'assets/router.js'], true),
    chunk('assets/react.js', []),
    chunk('assets/router.js', ['assets/react.js']),
    chunk('assets/WalletScreen.js', ['assets/index.js', 'assets/qr.js']),
    chunk('assets/RemoteScreen.js', ['assets/index.js', 'assets/qr.js']),
    chunk('assets/qr.js', []),
  ];
  return {
    ...Object.fromEntries(files.map((file) => [file.fileName, file])),
    'assets/index.css': { type: 'asset' },
  };
}

describe('entryChunks', () => {
  it('lists the entry and what it imports statically, not the lazy screens', () => {
    expect(entryChunks(sampleBundle()).sort()).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/router.js',
    ]);
  });
});

describe('compileHintsForFirstScreen', () => {
  it('puts the hint on the first line of the written entry chunks only, once', async () => {
    const bundle = sampleBundle();
    const dir = await mkdtemp(join(tmpdir(), 'cashew-hints-'));
    try {
      await mkdir(join(dir, 'assets'));
      const files = Object.keys(bundle);
      for (const file of files) await writeFile(join(dir, file), `/* ${file} */`);
      const write = compileHintsForFirstScreen().writeBundle as (o: unknown, b: unknown) => unknown;
      await write.call({}, { dir }, bundle);
      await write.call({}, { dir }, bundle);
      const hinted: string[] = [];
      for (const file of files) {
        const code = await readFile(join(dir, file), 'utf8');
        if (code.startsWith(COMPILE_HINT)) hinted.push(file);
        expect(code.endsWith(`/* ${file} */`)).toBe(true);
        expect(code.indexOf(COMPILE_HINT, 1)).toBe(-1);
      }
      expect(hinted.sort()).toEqual(['assets/index.js', 'assets/react.js', 'assets/router.js']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('moves every source map mapping down by the lines added', () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA;AACA' });
    expect(JSON.parse(shiftSourceMap(map, 1)).mappings).toBe(';AAAA;AACA');
  });
});
