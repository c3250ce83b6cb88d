// Build, dev-server and unit-test configuration for the Cashew POS browser app.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import tailwindcss from '@tailwindcss/vite';
import { compileHintsForFirstScreen } from './vite-plugins/first-load.ts';

/**
 * The app is written against React's API and typed with @types/react, and runs on Preact through
 * preact/compat: the same components in a tenth of React DOM's size. Measured with the bench's
 * first-load harness (4x CPU, 16 interleaved cold loads each), React DOM 19 vs Preact 10: keypad
 * 558 -> 410 ms, welcome 565 -> 398 ms median; first-visit JS 107 -> 49 kB gzip. Unit tests resolve
 * the same aliases, so they run what ships.
 */
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

function nodeModule(path: string): string {
  return fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));
}

export default defineConfig({
  // JSX compiles with tsconfig's react-jsx runtime, which the aliases above point at Preact.
  plugins: [tailwindcss(), compileHintsForFirstScreen()],
  resolve: { alias: reactOnPreact },
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'dev/**/*.test.ts',
      'bench/**/*.test.ts',
      'vite-plugins/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    server: {
      deps: {
        // Libraries that import React go through Vite too, so the aliases reach them as well.
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /react-toastify/,
          /dexie-react-hooks/,
          /react-qr-code/,
        ],
      },
    },
    alias: {
      // Node would pick these packages' CommonJS builds, whose require('react') passes the aliases
      // by; their ES builds import React, so the aliases reach them.
      '@testing-library/react': nodeModule(
        '@testing-library/react/dist/@testing-library/react.esm.js',
      ),
      'react-router/dom': nodeModule('react-router/dist/development/dom-export.mjs'),
      'react-router': nodeModule('react-router/dist/development/index.mjs'),
      // Its CommonJS entry require()s the ESM-only cborg and fails in Node; the es6 build works
      // once inlined (its extensionless relative imports need Vite's resolver, not Node's).
      '@gandlaf21/bc-ur': nodeModule('@gandlaf21/bc-ur/dist/lib/es6/index.js'),
    },
  },
});
