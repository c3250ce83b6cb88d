// Build, dev-server and unit-test configuration for the Cashew POS browser app.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHintsForFirstScreen } from './vite-plugins/first-load.ts';
import { earlyModuleScript } from './vite-plugins/early-script.ts';
import { prerenderFirstScreens } from './vite-plugins/prerender.ts';
import { nextScreensMeta } from './vite-plugins/next-screens.ts';
import {
  EARLY_PHRASE,
  EARLY_TAP_SCREENS,
  earlyStepKey,
  earlyTapKey,
  GUARDED_SCREEN_MODULES,
  GUARDED_SCREENS_META,
  LOADED_AFTER_FIRST_SCREEN,
  NEXT_SCREENS,
  NEXT_SCREENS_META,
  KEYPAD_STORES,
  LOADED_WITH_SERVICES,
  ONBOARDING_AFTER_PHRASE,
  PHRASE_SCREEN,
  WALLET_FIRST,
} from './src/app/start-up/next-screens.ts';
import { CREATE_WALLET_PATH } from './src/features/onboarding/welcome-taps.ts';
import { cspMetaTag } from './vite-plugins/csp.ts';
import { linguiCatalogs } from './vite-plugins/lingui-catalogs.ts';
import { precompressedAssets } from './vite-plugins/precompressed.ts';
import { reactRouterProductionBuild } from './vite-plugins/production-builds.ts';
import { routeChunkGroup, routeChunksCheck } from './vite-plugins/route-chunks.ts';

function nodeModule(path: string): string {
  return fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));
}

export default defineConfig({
  // React DOM 19 at run time. @vitejs/plugin-react compiles JSX with React's automatic runtime and
  // gives the dev server Fast Refresh; docs/decisions/0001-react-runtime.md has the measured cost.
  plugins: [
    react(),
    // Text catalogs in other languages than English, compiled at build time (decision 0055).
    linguiCatalogs(),
    reactRouterProductionBuild(new URL('.', import.meta.url)),
    tailwindcss(),
    // The ONBOARDED read starts from a small script of its own while React downloads: it puts the
    // prerendered welcome into the page, or starts fetching a guarded screen and the services; a
    // new user's tap on the welcome before React has hydrated it fetches the phrase screen's files
    // (decision 0114) and, for "Create New Wallet", shows the words at once (decision 0116). The
    // wallet renders before the services (decision 0112): its list leaves them out, so their
    // fetch and compile do not compete with its first read and frame.
    earlyModuleScript(fileURLToPath(new URL('.', import.meta.url)), 'src/early-onboarded-read.ts', {
      metaName: GUARDED_SCREENS_META,
      warm: Object.fromEntries([
        ...Object.entries(GUARDED_SCREEN_MODULES).map(([path, module]) => [
          path,
          path === '/wallet' ? [module, WALLET_FIRST] : [module, ...LOADED_AFTER_FIRST_SCREEN],
        ]),
        ...Object.entries(EARLY_TAP_SCREENS).map(([path, modules]) => [earlyTapKey(path), modules]),
      ]),
      // The create step's words, shown by the early script after its tap (decision 0116).
      onDemand: { [earlyStepKey(CREATE_WALLET_PATH)]: EARLY_PHRASE },
    }),
    compileHintsForFirstScreen(),
    // Gzip copies of the scripts and styles, sent as they are by the preview server.
    precompressedAssets(),
    // The welcome as HTML in index.html, hydrated by start.tsx.
    prerenderFirstScreens(
      fileURLToPath(new URL('.', import.meta.url)),
      '/src/app/start-up/prerender.tsx',
    ),
    // What the first screen's likely next screens need, prefetched once it is idle (decision 0037).
    nextScreensMeta(
      fileURLToPath(new URL('.', import.meta.url)),
      NEXT_SCREENS_META,
      NEXT_SCREENS,
      LOADED_AFTER_FIRST_SCREEN,
    ),
    // Installable, and starts with no network after one visit (docs/decisions/0011-service-worker.md):
    // the worker precaches the app shell and every route's chunks, never the mint or relay
    // traffic. The app registers it itself once the first screen is idle (src/app/start-up/start.tsx), and
    // a new version waits for the merchant's "Update" (src/app/shell/UpdateBanner.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        name: 'Cashew POS',
        short_name: 'Cashew',
        description: 'Point of sale for Lightning payments settled as Cashu ecash',
        theme_color: '#6d28d9',
        background_color: '#f8fafc',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'maskable-icon-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // wasm: the QR reader's polyfill (decision 0069), so scanning works offline too. The icons
        // in public/ are among these and the plugin adds the web manifest itself, so the
        // precache lists each file once (no includeAssets, includeManifestIcons off).
        globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
        // Every route is the single page: a navigation offline gets index.html from the cache.
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // The largest chunk (cashu-ts and friends) is above Workbox's 2 MiB default on no build
        // today, but a screen that is not precached would not open offline: fail loudly instead.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    // The production build's Content-Security-Policy (docs/security.md).
    cspMetaTag(),
    // The named chunks (build.rolldownOptions below) left no chunk exporting what it lacks.
    routeChunksCheck(),
  ],
  // The dev server scans these for dependencies before the first page is served, so the first
  // visit after an install does not re-optimise and reload the page mid-onboarding.
  optimizeDeps: {
    entries: ['index.html'],
    include: [
      '@cashu/cashu-ts',
      '@gandlaf21/bc-ur',
      '@getalby/lightning-tools/lnurl',
      '@noble/curves/abstract/curve.js',
      '@noble/curves/abstract/modular.js',
      '@noble/curves/abstract/weierstrass.js',
      '@noble/curves/secp256k1.js',
      '@noble/hashes/hmac.js',
      '@noble/hashes/scrypt.js',
      '@noble/hashes/sha2.js',
      '@noble/hashes/utils.js',
      '@scure/base',
      '@scure/bip32',
      '@scure/bip39',
      '@scure/bip39/wordlists/english.js',
      'barcode-detector/ponyfill',
      'canvas-confetti',
      'dexie',
      'light-bolt11-decoder',
      'nostr-tools/abstract-pool',
      'nostr-tools/core',
      'nostr-tools/filter',
      'nostr-tools/nip17',
      'nostr-tools/nip19',
      'nostr-tools/nip44',
      'nostr-tools/pure',
      'qr',
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react-router',
      'react-router/dom',
      'react-toastify',
      'workbox-window',
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The services' chunk (cashu-ts, nostr-tools, Dexie, the keys' curves and hashes and the
    // services, one file: see below) is about 680 kB minified, loaded after the first paint; the
    // warning's 500 kB is not a budget.
    chunkSizeWarningLimit: 720,
    rolldownOptions: {
      output: {
        // An onboarded device's services and wallet in two files rather than ~58 (docs/performance.md
        // "Wallet at scale"); the entry's modules and the phrase screen's stay where they were.
        codeSplitting: {
          groups: [
            routeChunkGroup(fileURLToPath(new URL('.', import.meta.url)), {
              entries: ['src/main.tsx'],
              chunks: {
                // The phrase screen's own modules and its word list, with what only the later
                // onboarding steps share with them: a new user's first tap fetches fewer files
                // (docs/performance.md "Taps").
                phrase: { roots: PHRASE_SCREEN, sharedWith: ONBOARDING_AFTER_PHRASE },
                // What the keypad's item grid needs and the services share with it.
                stores: {
                  roots: KEYPAD_STORES,
                  sharedWith: [...LOADED_AFTER_FIRST_SCREEN, ...LOADED_WITH_SERVICES, WALLET_FIRST],
                },
                // What the wallet's first render shares with the services (its stores, the pure
                // domain modules its views use): the page renders without the services' chunk.
                walletFirst: {
                  roots: [
                    ...LOADED_AFTER_FIRST_SCREEN,
                    GUARDED_SCREEN_MODULES['/wallet'],
                    WALLET_FIRST,
                  ],
                  sharedWith: LOADED_WITH_SERVICES,
                  minRoots: 2,
                },
                // What the services reach, unless a screen loaded without them does too.
                services: {
                  roots: LOADED_AFTER_FIRST_SCREEN,
                  sharedWith: [...LOADED_WITH_SERVICES, WALLET_FIRST],
                },
                // The wallet's own modules, then what the guarded screens share.
                wallet: { roots: [GUARDED_SCREEN_MODULES['/wallet'], WALLET_FIRST] },
                screens: { roots: Object.values(GUARDED_SCREEN_MODULES), minRoots: 2 },
              },
            }),
          ],
        },
      },
    },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'dev/**/*.test.ts',
      'bench/**/*.test.ts',
      'vite-plugins/**/*.test.ts',
    ],
    environment: 'node',
    // Escape on a modal <dialog>, which happy-dom leaves out (src/ui/Modal.tsx relies on it).
    setupFiles: ['src/testing/ui/close-requests.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, so a 2-core machine ran every file one
    // after another; most tests wait on the dev mint or relay, so a second worker halves the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    alias: {
      // Its CommonJS entry require()s the ESM-only cborg and fails in Node; the es6 build works
      // once inlined (its extensionless relative imports need Vite's resolver, not Node's).
      '@gandlaf21/bc-ur': nodeModule('@gandlaf21/bc-ur/dist/lib/es6/index.js'),
    },
  },
});
