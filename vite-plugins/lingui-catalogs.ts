// Build plugin: a text catalog imported as `./locales/<locale>.json?lingui` becomes a module
// exporting `messages`, each ICU message compiled by Lingui's own compiler, so the app ships no
// message parser (docs/decisions/0055-languages-with-lingui.md).
import { readFile } from 'node:fs/promises';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalog: `locales/<part>/<locale>.json` beside the code whose texts it holds. */
const CATALOG_ID = /\/locales\/[a-z-]+\/[A-Za-z-]+\.json$/;

/** The module's code for one catalog's JSON text; throws, naming the file and key, on a bad one. */
export function compileCatalog(json: string, file: string): string {
  const catalog: unknown = JSON.parse(json);
  if (typeof catalog !== 'object' || catalog === null || Array.isArray(catalog)) {
    throw new Error(`${file}: a catalog is one object of texts`);
  }
  const compiled: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(catalog)) {
    if (typeof text !== 'string') throw new Error(`${file}: ${key} is not a text`);
    // Each key is a named export: UPPER_SNAKE_CASE, as the catalogs' constants always were.
    if (!/^[A-Z][A-Z0-9_]*$/.test(key)) throw new Error(`${file}: ${key} is not a text's name`);
    try {
      compiled[key] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${file}: ${key} is not an ICU message: ${String(error)}`, { cause: error });
    }
  }
  // Each message a named export too, so a chunk keeps only the texts it uses (decision 0045).
  const named = Object.entries(compiled).map(
    ([key, message]) =>
      `export const ${key} = { id: ${JSON.stringify(key)}, message: ${JSON.stringify(message)} };\n`,
  );
  return `${named.join('')}export const messages = ${JSON.stringify(compiled)};\n`;
}

/** Loads catalogs before Vite's JSON plugin would, as the modules the app imports. */
export function linguiCatalogs(): Plugin {
  return {
    name: 'cashew-lingui-catalogs',
    enforce: 'pre',
    load: {
      // The bundler calls the hook for matching ids only (no JS call per module).
      filter: { id: CATALOG_ID },
      async handler(id) {
        if (!CATALOG_ID.test(id)) return null;
        this.addWatchFile(id);
        return { code: compileCatalog(await readFile(id, 'utf8'), id), moduleType: 'js' };
      },
    },
  };
}
