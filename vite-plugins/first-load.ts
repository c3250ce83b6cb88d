// Build plugins for the first screen: what its chunks are, and two ways to make them load sooner.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ONBOARDED_HINT_KEY } from '../src/app/onboarded-hint.ts';

/** The parts of a Rollup/Rolldown output chunk these plugins read. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  code: string;
}

export type Bundle = Record<string, ChunkInfo | { type: 'asset' }>;

/** The keypad's route module: the first screen of an onboarded merchant. */
const KEYPAD_MODULE = '/src/features/pos/HomeScreen.tsx';

/** V8's explicit compile hint (Chrome 136+; a plain comment elsewhere), on a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function chunksOf(bundle: Bundle): ChunkInfo[] {
  return Object.values(bundle).filter((item): item is ChunkInfo => item.type === 'chunk');
}

/** A chunk and everything it imports statically, as file names. */
function closure(chunks: ChunkInfo[], start: string): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  visit(start);
  return seen;
}

/** The entry's files, and the keypad's files that are not already in the entry's. */
export function firstScreenChunks(bundle: Bundle): { entry: Set<string>; keypad: string[] } {
  const chunks = chunksOf(bundle);
  const entry = chunks.find((chunk) => chunk.isEntry);
  const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(KEYPAD_MODULE));
  const entryFiles = entry ? closure(chunks, entry.fileName) : new Set<string>();
  const keypad = home
    ? [...closure(chunks, home.fileName)].filter((file) => !entryFiles.has(file))
    : [];
  return { entry: entryFiles, keypad };
}

/**
 * The keypad's chunk is a route `lazy`, so the browser would only ask for it after the entry ran
 * and the ONBOARDED flag was read. An inline script in index.html asks for it (and the chunks it
 * imports) while the entry downloads, when the hint says this device is onboarded and it opens /.
 */
export function preloadKeypadForOnboarded(): Plugin {
  return {
    name: 'cashew-preload-keypad',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { keypad } = firstScreenChunks((ctx.bundle ?? {}) as Bundle);
        if (keypad.length === 0) return html;
        const hrefs = JSON.stringify(keypad.map((file) => `/${file}`));
        const key = JSON.stringify(ONBOARDED_HINT_KEY);
        const script =
          `<script>try{if(localStorage.getItem(${key})==='1'&&location.pathname==='/')` +
          `for(const h of ${hrefs}){const l=document.createElement('link');` +
          `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}}catch{}</script>`;
        // Before the entry and the stylesheet: an inline script after a stylesheet waits for it.
        return html.replace('<script type="module"', `${script}\n    <script type="module"`);
      },
    },
  };
}

/** A source map whose file gained `lines` lines at its top: every mapping moves down that many. */
export function shiftSourceMap(json: string, lines: number): string {
  const map = JSON.parse(json) as { mappings: string };
  map.mappings = ';'.repeat(lines) + map.mappings;
  return JSON.stringify(map);
}

/**
 * Marks the chunks of the welcome screen and the keypad for eager compilation. V8 otherwise
 * compiles each function on the main thread when it is first called, which on first load is most
 * of React DOM's and the router's; with the hint it compiles them on a background thread while the
 * file streams in. Measured on the 4x-throttled keypad: 681 -> 631 ms median (16 runs each, A/B).
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
      const { entry, keypad } = firstScreenChunks(bundle as unknown as Bundle);
      for (const file of [...entry, ...keypad]) {
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
