// Build plugin: React Router's production build in the app's bundle. Its package exports name
// only `dist/development` (remix-run/react-router#14102), so a plain build ships the development
// warnings and their checks (docs/decisions/0002-first-load.md).
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

/** The entry points the app imports, each to its production file (same chunks, no dev warnings). */
export function reactRouterProductionAliases(root: URL): Alias[] {
  const file = (path: string) =>
    fileURLToPath(new URL(`node_modules/react-router/dist/production/${path}`, root));
  return [
    { find: /^react-router$/, replacement: file('index.mjs') },
    { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
  ];
}

/**
 * Only for client builds: the dev server, the unit tests and the build-time prerender (an SSR
 * server) keep the development build and its warnings.
 */
export function reactRouterProductionBuild(root: URL): Plugin {
  return {
    name: 'cashew-react-router-production',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({ resolve: { alias: reactRouterProductionAliases(root) } }),
  };
}
