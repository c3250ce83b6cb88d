// The compile-hint plugin finds the first screen's chunks and marks only those.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chunkHolding,
  COMPILE_HINT,
  compileHintsForFirstScreen,
  earlyModuleScript,
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

describe('earlyModuleScript', () => {
  const root = '/app';
  const id = '/app/src/early.ts';
  const bundle = {
    'assets/early-facade.js': { type: 'chunk', fileName: 'assets/early-facade.js', moduleIds: [] },
    'assets/early-read.js': { type: 'chunk', fileName: 'assets/early-read.js', moduleIds: [id] },
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };

  type Hook = (html: string, context: { bundle?: unknown }) => unknown;
  function plugin(configRoot: string, command: 'build' | 'serve') {
    const early = earlyModuleScript(root, 'src/early.ts');
    (early.configResolved as (config: unknown) => void)({ root: configRoot, base: '/', command });
    const html = (early.transformIndexHtml as { handler: Hook }).handler;
    return (context: { bundle?: unknown } = {}) => html('<html></html>', context);
  }

  it('finds the chunk holding the module, not the facade re-exporting it', () => {
    expect(chunkHolding(bundle, id)).toBe('assets/early-read.js');
  });

  it("adds an async module script for that chunk to the app's page", () => {
    expect(plugin('/app', 'build')({ bundle })).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', async: true, crossorigin: true, src: '/assets/early-read.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('loads the source module on the dev server', () => {
    expect(plugin('/app', 'serve')()).toEqual([
      expect.objectContaining({ attrs: expect.objectContaining({ src: '/src/early.ts' }) }),
    ]);
  });

  it('leaves pages of other roots (the bench floor) alone', () => {
    expect(plugin('/app/bench/floor', 'build')({ bundle })).toBeUndefined();
  });

  function transformer(configRoot: string, command: 'build' | 'serve') {
    const early = earlyModuleScript(root, 'src/early.ts', { carries: ['react', 'react/jsx'] });
    (early.configResolved as (config: unknown) => void)({ root: configRoot, base: '/', command });
    return early.transform as (code: string, id: string) => string | undefined;
  }

  it('imports the carried packages from the early module in a build, on its first line', () => {
    const code = '// early\nexport const a = 1;\n';
    const out = transformer('/app', 'build')(code, id)!;
    expect(out).toBe('import "react";import "react/jsx";// early\nexport const a = 1;\n');
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('changes no other module, and nothing on the dev server or for other roots', () => {
    expect(transformer('/app', 'build')('export {};', '/app/src/main.tsx')).toBeUndefined();
    expect(transformer('/app', 'serve')('export {};', id)).toBeUndefined();
    expect(transformer('/app/bench/floor', 'build')('export {};', id)).toBeUndefined();
  });
});
