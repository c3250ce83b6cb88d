// What the comparison scripts share: their command line (`--name=value` flags, `name=dir` builds)
// and serving a build of the app with Vite's preview server on a free loopback port.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';

const repo = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const args = process.argv.slice(2);

/** The value of `--name=value` on the command line, or fallback. */
export const flag = (name, fallback) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

/** Whether `--name` stands on the command line. */
export const hasFlag = (name) => args.includes(`--${name}`);

/** The arguments that are not flags, in order. */
export const positional = () => args.filter((arg) => !arg.startsWith('--'));

/** `name=dir` arguments: the builds to compare, each dir resolved. */
export const namedBuilds = () =>
  positional().map((arg) => {
    const [name, dir] = arg.split('=');
    return { name, dir: resolve(dir) };
  });

/** Serves a built dist/ with the app's own vite.config.ts (its headers), on a free port. */
export async function serveBuild(dir) {
  const server = await preview({
    root: repo,
    configFile: join(repo, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address();
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
