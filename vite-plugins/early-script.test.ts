// The early script: one file that imports nothing, loaded from an async module script in the app's
// page only, beside a meta tag listing each guarded path's files.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleEarlyModule, earlyModuleScript, warmFiles } from './early-script';
import { COMPILE_HINT } from './first-load';

function chunk(fileName: string, moduleIds: string[], imports: string[], isEntry = false) {
  return { type: 'chunk' as const, fileName, isEntry, imports, moduleIds, code: fileName };
}

/** An entry, a lazy wallet screen sharing a QR chunk, and the services' chunk. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/react.js'], true),
  'assets/react.js': chunk('assets/react.js', ['/app/node_modules/react/index.js'], []),
  'assets/Wallet.js': chunk(
    'assets/Wallet.js',
    ['/app/src/Wallet.tsx'],
    ['assets/index.js', 'assets/qr.js'],
  ),
  'assets/qr.js': chunk('assets/qr.js', ['/app/src/qr.ts'], ['assets/react.js']),
  'assets/startup.js': chunk('assets/startup.js', ['/app/src/startup.ts'], ['assets/index.js']),
};

describe('warmFiles', () => {
  it("lists each path's files under the base, without what the first screen loads anyway", () => {
    expect(
      warmFiles(bundle, '/app', '/', { '/wallet': ['src/Wallet.tsx', 'src/startup.ts'] }),
    ).toEqual({
      '/wallet': ['/assets/Wallet.js', '/assets/qr.js', '/assets/startup.js'],
    });
  });

  it('fails the build for a module that is in no chunk', () => {
    expect(() => warmFiles(bundle, '/app', '/', { '/x': ['src/Missing.tsx'] })).toThrow(
      /in no chunk/,
    );
  });
});

describe('bundleEarlyModule', () => {
  it('builds the module and what it imports into one hinted file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cashew-early-'));
    try {
      await writeFile(
        join(dir, 'shared.ts'),
        'export const twice = (n: number): number => n * 2;\n',
      );
      await writeFile(
        join(dir, 'early.ts'),
        [
          "import { twice } from './shared';",
          '(globalThis as { out?: number }).out = twice(21);',
        ].join('\n'),
      );
      const code = await bundleEarlyModule(join(dir, 'early.ts'));
      expect(code.startsWith(COMPILE_HINT)).toBe(true);
      expect(code).not.toMatch(/\bimport\b/);
      const page = globalThis as { out?: number };
      await import(`data:text/javascript,${encodeURIComponent(code)}`);
      expect(page.out).toBe(42);
      delete page.out;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a module that would load another file at run time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cashew-early-'));
    try {
      // A local dynamic import is inlined (codeSplitting: false); a URL stays an import.
      await writeFile(join(dir, 'early.ts'), "void import('https://example.invalid/x.js');\n");
      await expect(bundleEarlyModule(join(dir, 'early.ts'))).rejects.toThrow(/imports nothing/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('earlyModuleScript', () => {
  type Hook = (html: string, context?: { bundle?: unknown }) => unknown;
  function plugin(configRoot: string, command: 'build' | 'serve') {
    const early = earlyModuleScript('/app', 'src/early.ts', {
      metaName: 'cashew-warm',
      warm: { '/wallet': ['src/Wallet.tsx', 'src/startup.ts'] },
    });
    (early.configResolved as (config: unknown) => void)({
      root: configRoot,
      base: '/',
      command,
      build: { ssr: false },
    });
    return early;
  }

  it('loads the source module on the dev server', () => {
    const early = plugin('/app', 'serve');
    expect((early.transformIndexHtml as { handler: Hook }).handler('')).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', async: true, crossorigin: true, src: '/src/early.ts' },
        injectTo: 'head',
      },
    ]);
  });

  it('leaves pages of other roots (the bench floor) alone', () => {
    const early = plugin('/app/bench/floor', 'build');
    expect((early.transformIndexHtml as { handler: Hook }).handler('', { bundle })).toBeUndefined();
  });

  it('fails a build whose page would name an early script that was not built', () => {
    const early = plugin('/app', 'build');
    expect(() => (early.transformIndexHtml as { handler: Hook }).handler('', { bundle })).toThrow(
      /not built/,
    );
  });

  it('builds the script, then names it and lists the guarded files in the page', async () => {
    const emitted: { name: string; source: string }[] = [];
    const context = {
      emitFile: (file: { name: string; source: string }) => emitted.push(file),
      getFileName: () => 'assets/early-abc.js',
    };
    // A module that imports nothing but exists: the plugin's own root is not on disk here.
    const dir = await mkdtemp(join(tmpdir(), 'cashew-early-'));
    try {
      await writeFile(join(dir, 'early.ts'), 'export {};\n');
      const real = earlyModuleScript(dir, 'early.ts', { metaName: 'cashew-warm', warm: {} });
      (real.configResolved as (config: unknown) => void)({
        root: dir,
        base: '/',
        command: 'build',
        build: { ssr: false },
      });
      await (real.generateBundle as (this: unknown) => Promise<void>).call(context);
      expect(emitted).toEqual([
        { type: 'asset', name: 'early.js', source: expect.stringContaining(COMPILE_HINT) },
      ]);
      const tags = (real.transformIndexHtml as { handler: Hook }).handler('', { bundle: {} });
      expect(tags).toEqual([
        expect.objectContaining({
          attrs: expect.objectContaining({ src: '/assets/early-abc.js' }),
        }),
        { tag: 'meta', attrs: { name: 'cashew-warm', content: '{}' }, injectTo: 'head' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('builds each on-demand module into a file of its own, listed in the meta tag by its key', async () => {
    const emitted: { name: string; source: string }[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'cashew-early-'));
    try {
      await writeFile(join(dir, 'early.ts'), 'export {};\n');
      await writeFile(join(dir, 'words.ts'), 'export const words = () => "twelve";\n');
      const real = earlyModuleScript(dir, 'early.ts', {
        metaName: 'cashew-warm',
        warm: {},
        onDemand: { 'step:/create': 'words.ts' },
      });
      (real.configResolved as (config: unknown) => void)({
        root: dir,
        base: '/app/',
        command: 'build',
        build: { ssr: false },
      });
      let handle = 0;
      await (real.generateBundle as (this: unknown) => Promise<void>).call({
        getFileName: (handle: string) => `assets/${handle}`,
        emitFile: (file: { name: string; source: string }) => {
          emitted.push(file);
          return `${file.name.replace(/\.js$/, '')}-${++handle}.js`;
        },
      });
      expect(emitted.map((file) => file.name)).toEqual(['early.js', 'words.js']);
      expect(emitted[1]!.source).toMatch(/export\s*\{/);
      const tags = (real.transformIndexHtml as { handler: Hook }).handler('', { bundle: {} });
      expect((tags as unknown[])[1]).toEqual({
        tag: 'meta',
        attrs: {
          name: 'cashew-warm',
          content: JSON.stringify({ 'step:/create': ['/app/assets/words-2.js'] }),
        },
        injectTo: 'head',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
