// Build plugin: the first screens (today the welcome) prerendered into index.html as data blocks
// (`<script type="text/html">`), which the early script puts into the page and start.tsx hydrates
// (docs/decisions/0002-first-load.md).
import { resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';

/** What `module` must export: the screens' HTML by name (src/app/start-up/prerender.tsx). */
type Renderer = { renderFirstScreens(): Promise<Record<string, string>> };

/**
 * Each screen's markup in a data block with the id the early script looks for
 * (src/app/start-up/first-screens.ts). A data block is text to the parser, which builds no nodes from it:
 * as a `<template>` the welcome's markup cost every onboarded merchant's keypad ~20 ms of parsing
 * at 4x for a screen it never shows.
 */
export function prerenderDataBlocks(screens: Record<string, string>): string {
  return Object.entries(screens)
    .map(([screen, html]) => {
      if (/<\/script/i.test(html)) throw new Error(`The prerendered ${screen} would end its block`);
      return `<script type="text/html" id="prerendered-${screen}">${html}</script>`;
    })
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
          const blocks = prerenderDataBlocks(await renderer.renderFirstScreens());
          return html.replace('</body>', `${blocks}</body>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
