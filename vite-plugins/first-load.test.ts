// The first-screen plugins find the welcome's and keypad's chunks and touch only those.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  compileHintsForFirstScreen,
  firstScreenChunks,
  shiftSourceMap,
  type Bundle,
  type ChunkInfo,
} from './first-load';

function chunk(fileName: string, imports: string[], extra: Partial<ChunkInfo> = {}): ChunkInfo {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    code: `/* ${fileName} */`,
    ...extra,
  };
}

/** An entry importing React, a keypad chunk importing the entry and its panel, and a wallet chunk. */
function sampleBundle(): Bundle {
  const files = [
    chunk('assets/index.js', ['assets/react.js'], { isEntry: true, facadeModuleId: '/r/index.html' }),
    chunk('assets/react.js', []),
    chunk('assets/HomeScreen.js', ['assets/index.js', 'assets/InvoicePanel.js'], {
      facadeModuleId: '/r/src/features/pos/HomeScreen.tsx',
    }),
    chunk('assets/InvoicePanel.js', ['assets/react.js']),
    chunk('assets/WalletScreen.js', ['assets/index.js', 'assets/qr.js'], {
      facadeModuleId: '/r/src/features/wallet/WalletScreen.tsx',
    }),
    chunk('assets/qr.js', []),
  ];
  return {
    ...Object.fromEntries(files.map((file) => [file.fileName, file])),
    'assets/index.css': { type: 'asset' },
  };
}

describe('firstScreenChunks', () => {
  it('lists the entry closure, and the keypad closure without what the entry already has', () => {
    const { entry, keypad } = firstScreenChunks(sampleBundle());
    expect([...entry].sort()).toEqual(['assets/index.js', 'assets/react.js']);
    expect(keypad.sort()).toEqual(['assets/HomeScreen.js', 'assets/InvoicePanel.js']);
  });

  it('finds no keypad files in a bundle without the keypad', () => {
    const bundle = sampleBundle();
    delete bundle['assets/HomeScreen.js'];
    expect(firstScreenChunks(bundle).keypad).toEqual([]);
  });
});

describe('compileHintsForFirstScreen', () => {
  it('puts the hint on the first line of the written first-screen chunks only, once', async () => {
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
      expect(hinted.sort()).toEqual([
        'assets/HomeScreen.js',
        'assets/InvoicePanel.js',
        'assets/index.js',
        'assets/react.js',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('moves every source map mapping down by the lines added', () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA;AACA' });
    expect(JSON.parse(shiftSourceMap(map, 1)).mappings).toBe(';AAAA;AACA');
  });
});
