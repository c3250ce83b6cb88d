// Build plugin: for each first screen, the chunk files its likely next screens need, in a meta tag
// of index.html that start-up reads to prefetch them once the first screen is idle
// (src/app/start-up/next-screens.ts, docs/decisions/0037-prefetch-next-screens.md). A meta tag, not an
// inline script: the page's policy allows no inline script (docs/security.md "A hardened page").
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { entryChunks, type Bundle } from './first-load.ts';

/** The parts of an output chunk this plugin reads. */
interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: readonly string[];
  code: string;
}

type OutputBundleLike = Record<string, OutputChunkLike | { type: 'asset' }>;

export interface NextScreenFiles {
  /** chunk files (under the build's base), in the order they are wanted */
  files: string[];
  /** their gzip bytes together */
  gzipBytes: number;
}

const gzipOf = (chunk: OutputChunkLike) => gzipSync(chunk.code).length;

/**
 * The chunk files the modules need that the first screen has not loaded and start-up does not
 * load anyway (`loadedAnyway`: modules whose chunks, with what they import, load after the first
 * screen in any case): each module's chunk and what it imports statically, in order, while their
 * gzip bytes together stay within `budget` (a file that would pass it is left out, later smaller
 * ones still fit).
 */
export function nextScreenFiles(
  bundle: OutputBundleLike,
  moduleIds: readonly string[],
  budget: number,
  loadedAnyway: readonly string[] = [],
): NextScreenFiles {
  const chunks = Object.values(bundle).filter(
    (item): item is OutputChunkLike => item.type === 'chunk',
  );
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = (id: string) => {
    const holder = chunks.find((chunk) => chunk.moduleIds.includes(id));
    if (!holder) throw new Error(`next screens: ${id} is in no chunk`);
    return holder.fileName;
  };
  const closure = (names: string[], skip: Set<string>) => {
    const seen: string[] = [];
    const visit = (name: string) => {
      if (skip.has(name) || seen.includes(name)) return;
      seen.push(name);
      for (const next of byName.get(name)?.imports ?? []) visit(next);
    };
    for (const name of names) visit(name);
    return seen;
  };
  const loaded = new Set(entryChunks(bundle as unknown as Bundle));
  for (const name of closure(loadedAnyway.map(holding), loaded)) loaded.add(name);
  const wanted = closure(moduleIds.map(holding), loaded);
  const files: string[] = [];
  let gzipBytes = 0;
  for (const name of wanted) {
    const bytes = gzipOf(byName.get(name)!);
    if (gzipBytes + bytes > budget) continue;
    files.push(name);
    gzipBytes += bytes;
  }
  return { files, gzipBytes };
}

/** gzip bytes of the first screen's own JS: the entry chunk and what it imports statically. */
export function firstScreenGzipBytes(bundle: OutputBundleLike): number {
  const byName = new Map(
    Object.values(bundle)
      .filter((item): item is OutputChunkLike => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  return entryChunks(bundle as unknown as Bundle).reduce(
    (sum, name) => sum + gzipOf(byName.get(name)!),
    0,
  );
}

/**
 * Adds `<meta name="{metaName}" content="{JSON}">` to the app's index.html (`root` only, builds
 * only): for each first screen, its next screens' files, at most the first screen's own JS in
 * gzip bytes. `screens` names each first screen's modules by path from the project root, and
 * `loadedAnyway` the modules start-up loads after either first screen in any case.
 */
export function nextScreensMeta(
  root: string,
  metaName: string,
  screens: Record<string, { modules: readonly string[] }>,
  loadedAnyway: readonly string[] = [],
): Plugin {
  let active = false;
  let base = '/';
  return {
    name: 'cashew-next-screens',
    apply: 'build',
    configResolved(config) {
      active = resolve(config.root) === resolve(root) && !config.build.ssr;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!active || !context.bundle) return;
        const bundle = context.bundle as unknown as OutputBundleLike;
        const budget = firstScreenGzipBytes(bundle);
        const content: Record<string, string[]> = {};
        for (const [screen, { modules }] of Object.entries(screens)) {
          const ids = modules.map((module) => resolve(root, module));
          const anyway = loadedAnyway.map((module) => resolve(root, module));
          content[screen] = nextScreenFiles(bundle, ids, budget, anyway).files.map(
            (file) => `${base}${file}`,
          );
        }
        return [
          {
            tag: 'meta',
            attrs: { name: metaName, content: JSON.stringify(content) },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
