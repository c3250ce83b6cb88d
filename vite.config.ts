// Build, dev-server and unit-test configuration for the Cashew POS browser app.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileHintsForFirstScreen, earlyModuleScript } from './vite-plugins/first-load.ts';
import { cspMetaTag } from './vite-plugins/csp.ts';

function nodeModule(path: string): string {
  return fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));
}

export default defineConfig({
  // React DOM 19 at run time. @vitejs/plugin-react compiles JSX with React's automatic runtime and
  // gives the dev server Fast Refresh; docs/decisions/0001-react-runtime.md has the measured cost.
  plugins: [
    react(),
    tailwindcss(),
    // The ONBOARDED read starts from its own small script while React downloads.
    earlyModuleScript(fileURLToPath(new URL('.', import.meta.url)), 'src/early-onboarded-read.ts'),
    compileHintsForFirstScreen(),
    // The production build's Content-Security-Policy (docs/security.md).
    cspMetaTag(),
  ],
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
    alias: {
      // Its CommonJS entry require()s the ESM-only cborg and fails in Node; the es6 build works
      // once inlined (its extensionless relative imports need Vite's resolver, not Node's).
      '@gandlaf21/bc-ur': nodeModule('@gandlaf21/bc-ur/dist/lib/es6/index.js'),
    },
  },
});
