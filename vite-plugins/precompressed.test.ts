// The build's gzip copies and the preview server sending them: the bytes a browser unpacks are the
// file's, and anything without a copy (or a client without gzip) goes on to Vite's own serving.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets, precompressedAssets } from './precompressed';

let dir: string;
let server: Server | undefined;

afterEach(async () => {
  server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function builtDist(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'cashew-precompressed-'));
  await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
  await writeFile(
    join(dir, 'dist', 'assets', 'index-abc.js'),
    `//# hint\n${'let a = 1;\n'.repeat(500)}`,
  );
  await writeFile(join(dir, 'dist', 'assets', 'index-abc.css'), 'body{color:red}');
  await writeFile(join(dir, 'dist', 'assets', 'icon.png'), 'png');
  return join(dir, 'dist');
}

/** The plugin's preview middleware on a plain HTTP server; what it passes on answers 404. */
async function previewServer(dist: string): Promise<string> {
  let middleware!: (req: unknown, res: unknown, next: () => void) => void;
  const plugin = precompressedAssets();
  const hook = plugin.configurePreviewServer as (server: unknown) => void;
  hook({
    config: { root: dir, build: { outDir: dist } },
    middlewares: { use: (fn: typeof middleware) => (middleware = fn) },
  });
  server = createServer((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end('passed on');
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('precompressed assets', () => {
  it('writes a gzip copy of each script and stylesheet that unpacks to the same bytes', async () => {
    const dist = await builtDist();
    expect((await compressAssets(join(dist, 'assets'))).sort()).toEqual([
      'index-abc.css',
      'index-abc.js',
    ]);
    const js = await readFile(join(dist, 'assets', 'index-abc.js'));
    expect(gunzipSync(await readFile(join(dist, 'assets', 'index-abc.js.gz')))).toEqual(js);
  });

  it('the preview server sends the copy to a gzip client, and passes on everything else', async () => {
    const dist = await builtDist();
    await compressAssets(join(dist, 'assets'));
    const url = await previewServer(dist);
    const raw = (path: string, encoding: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
        (resolve, reject) => {
          const request = get(
            `${url}${path}`,
            { headers: { 'accept-encoding': encoding } },
            (res: IncomingMessage) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          request.on('error', reject);
        },
      );

    const js = await raw('/assets/index-abc.js?v=1', 'gzip, deflate, br');
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(js.body)).toEqual(await readFile(join(dist, 'assets', 'index-abc.js')));

    expect((await raw('/assets/index-abc.js', 'identity')).body.toString()).toBe('passed on');
    expect((await raw('/assets/icon.png', 'gzip')).body.toString()).toBe('passed on');
    expect((await raw('/assets/missing.js', 'gzip')).body.toString()).toBe('passed on');
    expect((await raw('/assets/../../secret.js', 'gzip')).body.toString()).toBe('passed on');
  });
});
