// Build plugins for the first screen: V8's compile hint on the chunks the first screen runs, and an
// early module script that starts the ONBOARDED read while React downloads.
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The parts of a Rollup/Rolldown output chunk this plugin reads. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId?: string | null;
}

export type Bundle = Record<string, ChunkInfo | { type: 'asset' }>;

/** V8's explicit compile hint (Chrome 136+; a plain comment elsewhere), on a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The entry chunk and the chunks it imports statically: what runs before the first screen, the
 * welcome (new user) or the keypad (onboarded merchant), both of which are in the entry.
 */
export function entryChunks(bundle: Bundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is ChunkInfo => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return [...seen];
}

/** A source map whose file gained `lines` lines at its top: every mapping moves down that many. */
export function shiftSourceMap(json: string, lines: number): string {
  const map = JSON.parse(json) as { mappings: string };
  map.mappings = ';'.repeat(lines) + map.mappings;
  return JSON.stringify(map);
}

/**
 * Marks the first screen's chunks for eager compilation. V8 otherwise compiles each function on
 * the main thread when it is first called, which on first load is most of React DOM's and the
 * router's; with the hint it compiles them on a background thread while the file streams in.
 * Measured on the 4x-throttled keypad: 657 -> 620 ms median (16 interleaved runs each).
 */
export function compileHintsForFirstScreen(): Plugin {
  return {
    name: 'cashew-compile-hints',
    apply: 'build',
    // On the written files: the hint must be the first line, and Vite puts its preload map there
    // in a generateBundle hook that runs after every plugin's.
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const file of entryChunks(bundle as unknown as Bundle)) {
        const path = join(outDir, file);
        const code = await readFile(path, 'utf8');
        if (code.startsWith(COMPILE_HINT)) continue;
        await writeFile(path, COMPILE_HINT + code);
        if (`${file}.map` in bundle) {
          await writeFile(`${path}.map`, shiftSourceMap(await readFile(`${path}.map`, 'utf8'), 1));
        }
      }
    },
  };
}

/** The file of the chunk whose code holds the module `id` (not a facade re-exporting it). */
export function chunkHolding(
  bundle: Record<string, { type: string; moduleIds?: readonly string[]; fileName?: string }>,
  id: string,
): string | undefined {
  return Object.values(bundle).find((item) => item.type === 'chunk' && item.moduleIds?.includes(id))
    ?.fileName;
}

/**
 * Loads `module` (a path from the project root) from its own `<script type="module" async>` in
 * the head of the app's index.html, besides importing it from the app as usual. An async module
 * script runs as soon as it has arrived, without waiting for the stylesheet or the document, so
 * the work it starts (the ONBOARDED read) is done while the browser still downloads React; the
 * app's own import of it finds the same module (same URL) already evaluated. No inline script.
 * Only for the app's index.html (`root`): other pages built with this config are left alone.
 *
 * `carries`: packages the entry and the lazy chunks share (React, its JSX runtime). Rolldown
 * gives such modules files of their own, each one more request before the first screen (about
 * 5 ms of the 4x-throttled main thread apiece, docs/decisions/0002-first-load.md); imported by
 * the early module in the build, they go into its chunk, which the entry imports anyway.
 */
export function earlyModuleScript(
  root: string,
  module: string,
  { carries = [] }: { carries?: readonly string[] } = {},
): Plugin {
  const id = resolve(root, module.replace(/^\//, ''));
  let active = false;
  let base = '/';
  let building = false;
  let refId = '';
  return {
    name: 'cashew-early-module-script',
    configResolved(config) {
      active = resolve(config.root) === resolve(root);
      base = config.base;
      building = config.command === 'build';
    },
    // As its own entry, the module gets a chunk the app's entry imports. Rolldown adds a facade
    // entry chunk re-exporting it, which nothing needs: the script loads the chunk itself.
    buildStart() {
      if (active && building) refId = this.emitFile({ type: 'chunk', id, name: 'early' });
    },
    // On the first line, which is a comment in the early module: its other lines keep their
    // numbers, so its source map stays right without one for this change.
    transform(code, moduleId) {
      if (!active || !building || moduleId !== id || carries.length === 0) return;
      return carries.map((name) => `import ${JSON.stringify(name)};`).join('') + code;
    },
    generateBundle(_options, bundle) {
      if (!refId) return;
      const facade = this.getFileName(refId);
      if (chunkHolding(bundle as never, id) !== facade) delete bundle[facade];
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!active) return;
        let src = `${base}${module.replace(/^\//, '')}`;
        if (building) {
          const file = chunkHolding(context.bundle ?? {}, id);
          if (!file) throw new Error(`${module} was not built`);
          src = `${base}${file}`;
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
