// Gzip copies of the built scripts and stylesheets, made once at build time, and the preview
// server sending them as they are: static hosts do the same (nginx `gzip_static`, most CDNs), so
// no request waits for the server to compress 350 kB while the page loads (docs/decisions/
// 0002-first-load.md). `npm start` (the dev server) is unaffected.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What gets a `.gz` copy: the hashed, never-changing files under assets/. */
export const PRECOMPRESSED = /\.(js|css)$/;

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
};

/** Writes `<file>.gz` (gzip level 9) beside each matching file of `assetsDir`. */
export async function compressAssets(assetsDir: string): Promise<string[]> {
  const files = (await readdir(assetsDir)).filter((file) => PRECOMPRESSED.test(file));
  await Promise.all(
    files.map(async (file) => {
      const path = join(assetsDir, file);
      await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
    }),
  );
  return files;
}

export function precompressedAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cashew-precompressed',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every writeBundle (the compile hints rewrite the entry's chunks there).
    async closeBundle() {
      const assets = join(outDir, 'assets');
      if (existsSync(assets)) await compressAssets(assets);
    },
    configurePreviewServer(server) {
      const assets = join(resolve(server.config.root, server.config.build.outDir), 'assets');
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const ext = /\.(\w+)$/.exec(path)?.[1] ?? '';
        const type = CONTENT_TYPES[ext];
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        if (req.method !== 'GET' || !type || !gzip || !path.startsWith('/assets/')) return next();
        const file = join(assets, path.slice('/assets/'.length));
        if (!file.startsWith(assets) || !existsSync(`${file}.gz`)) return next();
        res.writeHead(200, {
          'Content-Type': `${type}; charset=utf-8`,
          'Content-Encoding': 'gzip',
          'Content-Length': statSync(`${file}.gz`).size,
          // Hashed names never change, as the README's hosting note says: a file the app
          // prefetched is used from the cache, not fetched again (decision 0037).
          'Cache-Control': 'public, max-age=31536000, immutable',
          Vary: 'Accept-Encoding',
        });
        createReadStream(`${file}.gz`).pipe(res);
      });
    },
  };
}
