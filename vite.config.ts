// Build, dev-server and unit-test configuration for the Cashew POS browser app.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { ONBOARDED_HINT_KEY } from './src/app/onboarded-hint.ts';

/**
 * The keypad's chunk is a route `lazy`, so the browser would only ask for it after the entry ran
 * and the ONBOARDED flag was read. An inline script in index.html asks for it (and the chunks it
 * imports) while the entry downloads, when the hint says this device is onboarded and it opens /.
 */
function preloadKeypadForOnboarded(): Plugin {
  return {
    name: 'cashew-preload-keypad',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'chunk');
        const home = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/features/pos/HomeScreen.tsx'),
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!home || !entry) return html;
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string, into = new Set<string>()) => {
          if (into.has(start)) return into;
          into.add(start);
          for (const next of byName.get(start)?.imports ?? []) closure(next, into);
          return into;
        };
        const inEntry = closure(entry.fileName);
        const files = [...closure(home.fileName)].filter((file) => !inEntry.has(file));
        const hrefs = JSON.stringify(files.map((file) => `/${file}`));
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

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadKeypadForOnboarded()],
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'dev/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    alias: {
      // Its CommonJS entry require()s the ESM-only cborg and fails in Node; the es6 build works
      // once inlined (its extensionless relative imports need Vite's resolver, not Node's).
      '@gandlaf21/bc-ur': fileURLToPath(
        new URL('./node_modules/@gandlaf21/bc-ur/dist/lib/es6/index.js', import.meta.url),
      ),
    },
  },
});
