// Build plugin: the early script, a file of its own that shares nothing with the app, loaded from
// an async script in index.html, and the meta tag listing what it fetches ahead for each guarded
// screen. It reads the ONBOARDED flag, shows the prerendered welcome and fetches a guarded
// screen's files while React downloads (src/early-onboarded-read.ts,
// docs/decisions/0002-first-load.md).
import { resolve } from 'node:path';
import { build as rolldownBuild } from 'rolldown';
import type { Plugin } from 'vite';
import { COMPILE_HINT } from './first-load.ts';
import { nextScreenFiles } from './next-screens.ts';

export interface EarlyScriptOptions {
  /** The meta tag listing, by path, the files the script fetches ahead there (JSON). */
  metaName: string;
  /** By path: the modules (from the project root) whose files the script fetches ahead there. */
  warm: Record<string, readonly string[]>;
  /**
   * By key: a module (from the project root) built the same way into a file of its own, listed in
   * the meta tag under that key, for the script to import when it needs it.
   */
  onDemand?: Record<string, string>;
}

/** The parts of an output chunk read here (nextScreenFiles reads the rest). */
type BundleLike = Parameters<typeof nextScreenFiles>[0];

/**
 * Each path's files, under the build's base: its modules' chunks and what they import statically,
 * in order, without what the first screen loads anyway.
 */
export function warmFiles(
  bundle: BundleLike,
  root: string,
  base: string,
  warm: Record<string, readonly string[]>,
): Record<string, string[]> {
  const files = (modules: readonly string[]) =>
    nextScreenFiles(
      bundle,
      modules.map((module) => resolve(root, module)),
      Number.POSITIVE_INFINITY,
    ).files.map((file) => `${base}${file}`);
  return Object.fromEntries(Object.entries(warm).map(([path, modules]) => [path, files(modules)]));
}

/**
 * The module and everything it imports in one minified ES module. It must import nothing at run
 * time: a chunk it shared with the app would be one more request before it can run, and would tie
 * the app's chunks to it.
 */
export async function bundleEarlyModule(id: string): Promise<string> {
  const { output } = await rolldownBuild({
    input: id,
    write: false,
    platform: 'browser',
    transform: { target: 'es2022' },
    // Reading a property of the app's own tables runs no code (no getters), so a table the script
    // needs one name of is left out with the rest.
    treeshake: { propertyReadSideEffects: false },
    output: { format: 'esm', minify: true, codeSplitting: false },
  });
  const [chunk, ...more] = output;
  if (more.length > 0 || chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error(`${id} must build to one file that imports nothing`);
  }
  return COMPILE_HINT + chunk.code;
}

/**
 * Builds `module` (a path from the project root) into `assets/early-[hash].js` and loads it from
 * a `<script type="module" async>` in the head of the app's index.html. An async module script
 * runs as soon as it has arrived, without waiting for the stylesheet, the document or the app's
 * scripts. On the dev server the script loads the source module, which the app imports too (one
 * module, no data). Only for the app's index.html (`root`): other pages built with this config
 * (the bench floor) are left alone.
 */
export function earlyModuleScript(
  root: string,
  module: string,
  options: EarlyScriptOptions,
): Plugin {
  const id = resolve(root, module.replace(/^\//, ''));
  let active = false;
  let base = '/';
  let building = false;
  let fileName = '';
  let onDemandFiles: Record<string, string[]> = {};
  return {
    name: 'cashew-early-script',
    configResolved(config) {
      active = resolve(config.root) === resolve(root) && !config.build.ssr;
      base = config.base;
      building = config.command === 'build';
    },
    async generateBundle() {
      if (!active || !building) return;
      const source = await bundleEarlyModule(id);
      fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'early.js', source }));
      const emitted = Object.entries(options.onDemand ?? {}).map(async ([key, onDemand]) => {
        const code = await bundleEarlyModule(resolve(root, onDemand));
        const name = `${onDemand.replace(/^.*\//, '').replace(/\.tsx?$/, '')}.js`;
        const file = this.getFileName(this.emitFile({ type: 'asset', name, source: code }));
        return [key, [`${base}${file}`]] as [string, string[]];
      });
      onDemandFiles = Object.fromEntries(await Promise.all(emitted));
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!active) return;
        if (building && !fileName) throw new Error(`${module} was not built`);
        const src = building ? `${base}${fileName}` : `${base}${module.replace(/^\//, '')}`;
        const script = {
          tag: 'script',
          attrs: { type: 'module', async: true, crossorigin: true, src },
          injectTo: 'head' as const,
        };
        if (!context?.bundle) return [script];
        const files = {
          ...warmFiles(context.bundle as unknown as BundleLike, root, base, options.warm),
          ...onDemandFiles,
        };
        const meta = { name: options.metaName, content: JSON.stringify(files) };
        return [script, { tag: 'meta', attrs: meta, injectTo: 'head' as const }];
      },
    },
  };
}
