// Build plugin: the first screens (today the welcome) prerendered into index.html as `<template>`s, which the
// early script moves into the page and start.tsx hydrates (docs/decisions/0002-first-load.md).
import { resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';

/** What `module` must export: the screens' HTML by name (src/app/prerender.tsx). */
type Renderer = { renderFirstScreens(): Promise<Record<string, string>> };

/** The template ids start.tsx and the early script look for (src/app/first-screens.ts). */
export function prerenderTemplates(screens: Record<string, string>): string {
  return Object.entries(screens)
    .map(([screen, html]) => `<template id="prerendered-${screen}">${html}</template>`)
    .join('');
}

/**
 * Renders `module` (a path from the project root) in Node through a Vite server in SSR mode, with
 * the project's own config and plugins, so the markup is what the client's first render makes.
 * Only for the app's index.html (`root`), only in builds.
 */
export function prerenderFirstScreens(root: string, module: string): Plugin {
  let active = false;
  return {
    name: 'cashew-prerender-first-screens',
    apply: 'build',
    configResolved(config) {
      active = resolve(config.root) === resolve(root) && !config.build.ssr;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!active) return html;
        const server = await createServer({
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const renderer = (await server.ssrLoadModule(module)) as Renderer;
          const templates = prerenderTemplates(await renderer.renderFirstScreens());
          return html.replace('</body>', `${templates}</body>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
