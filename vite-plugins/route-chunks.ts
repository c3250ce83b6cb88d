// Build chunking: the code an onboarded device loads with the services (the services themselves,
// the screens that load with them, the wallet) in a few files instead of one per set of importers
// (docs/performance.md "Wallet at scale"). Rolldown's automatic chunking cut what /wallet needs
// beyond the entry into 58 files, each a modulepreload link, a fetch from the cache and a module
// record to instantiate on every cold load of the page.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The module graph, as rolldown's chunking hands it to a group's `name` function. */
export interface ChunkingGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/** A group of rolldown's `output.codeSplitting.groups`, the fields this file sets. */
export interface ChunkGroup {
  debugName: string;
  name: (id: string, ctx: ChunkingGraph) => string | null;
  includeDependenciesRecursively: boolean;
}

/** One named chunk: the modules of its roots' static graphs that only allowed imports reach. */
export interface RouteChunk {
  /** The modules whose static graphs the chunk takes from. */
  roots: readonly string[];
  /**
   * Dynamically imported modules besides the roots that may reach a module the chunk takes: a
   * module any other dynamic import reaches stays out, so a screen loaded without the chunk's
   * roots (the customer display, the invoice modal, a new user's phrase screen) never loads the
   * whole chunk for one module it shares.
   */
  sharedWith?: readonly string[];
  /** A module must be reached by this many of the roots (2: what the roots share). */
  minRoots?: number;
}

export interface RouteChunkOptions {
  /** The entry's modules: their static graph is the first visit's and stays where it is. */
  entries: readonly string[];
  /** Named chunks, in order; a module goes to the first that takes it. */
  chunks: Readonly<Record<string, RouteChunk>>;
}

/** Every module reachable from `from` by static imports, stopping at `stop`. */
function staticGraph(graph: ChunkingGraph, from: readonly string[], stop?: Set<string>) {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || stop?.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

/** Every module some dynamic import names under `entries`, with the modules that name it. */
function dynamicImports(graph: ChunkingGraph, entries: readonly string[]) {
  const seen = new Set<string>();
  const importers = new Map<string, string[]>();
  const queue = [...entries];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds, ...info.dynamicallyImportedIds);
    for (const target of info.dynamicallyImportedIds) {
      importers.set(target, [...(importers.get(target) ?? []), id]);
    }
  }
  return importers;
}

/** Module id → chunk name, for one chunking pass's graph. */
export function routeChunkNames(graph: ChunkingGraph, options: RouteChunkOptions) {
  const initial = staticGraph(graph, options.entries);
  const importers = dynamicImports(graph, options.entries);
  // Which dynamically imported modules reach each module outside the entry's graph.
  const reachedBy = new Map<string, Set<string>>();
  for (const target of importers.keys()) {
    for (const id of staticGraph(graph, [target], initial)) {
      const by = reachedBy.get(id) ?? new Set<string>();
      by.add(target);
      reachedBy.set(id, by);
    }
  }
  const onlyFrom = (id: string, allowed: Set<string>) =>
    [...(reachedBy.get(id) ?? [])].every((target) => allowed.has(target));
  const names = new Map<string, string>();
  for (const [name, chunk] of Object.entries(options.chunks)) {
    const allowed = new Set([...chunk.roots, ...(chunk.sharedWith ?? [])]);
    // A dynamic import made only from modules the allowed ones alone reach (the wallet's chart,
    // loaded by its records panel) loads after them: allowed too.
    for (let grew = true; grew;) {
      grew = false;
      for (const [target, from] of importers) {
        if (allowed.has(target) || !from.every((id) => !initial.has(id) && onlyFrom(id, allowed)))
          continue;
        allowed.add(target);
        grew = true;
      }
    }
    const roots = new Set(chunk.roots);
    for (const [id, by] of reachedBy) {
      if (names.has(id) || !onlyFrom(id, allowed)) continue;
      if ([...by].filter((target) => roots.has(target)).length < (chunk.minRoots ?? 1)) continue;
      names.set(id, name);
    }
  }
  return names;
}

/**
 * The codeSplitting group that places the named chunks' modules; paths relative to root. The
 * graph is walked once per chunking pass (the context object is that pass's).
 */
export function routeChunkGroup(root: string, options: RouteChunkOptions): ChunkGroup {
  const abs = (paths: readonly string[]) => paths.map((path) => resolve(root, path));
  const absolute: RouteChunkOptions = {
    entries: abs(options.entries),
    chunks: Object.fromEntries(
      Object.entries(options.chunks).map(([name, chunk]) => [
        name,
        { ...chunk, roots: abs(chunk.roots), sharedWith: abs(chunk.sharedWith ?? []) },
      ]),
    ),
  };
  const passes = new WeakMap<ChunkingGraph, Map<string, string>>();
  return {
    debugName: 'route chunks',
    name: (id, ctx) => {
      let names = passes.get(ctx);
      if (!names) {
        names = routeChunkNames(ctx, absolute);
        passes.set(ctx, names);
      }
      return names.get(id) ?? null;
    },
    // A module's imports are reached by the same dynamic imports or more, so each is placed on
    // its own: one that does not qualify stays in an automatic chunk the named one imports.
    includeDependenciesRecursively: false,
  };
}

/**
 * Names a chunk exports that it never declares: the namespace object of a module whose chunk
 * the named groups split from its dependencies (`X_exports as t` with no `X_exports` besides)
 * once left a screen's chunk exporting nothing, and the screen failing to load.
 */
export function undeclaredExports(code: string): string[] {
  const names = new Set([...code.matchAll(/([\w$]+_exports) as /g)].map((match) => match[1]!));
  return [...names].filter((name) => code.split(name).length - 1 < 2);
}

/** Fails the build when a chunk exports a name it never declares (undeclaredExports). */
export function routeChunksCheck(): Plugin {
  return {
    name: 'cashew-route-chunks-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const missing = undeclaredExports(file.code);
        if (missing.length > 0) {
          this.error(`${file.fileName} exports ${missing.join(', ')} but never declares it`);
        }
      }
    },
  };
}
