// Build, dev-server and unit-test configuration for the Cashew POS browser app.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileHintsForFirstScreen } from './vite-plugins/first-load.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), compileHintsForFirstScreen()],
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
      '@gandlaf21/bc-ur': fileURLToPath(
        new URL('./node_modules/@gandlaf21/bc-ur/dist/lib/es6/index.js', import.meta.url),
      ),
    },
  },
});
