// What each first screen's likely next screens need, fetched (not run) once it is idle: one table
// for the build, which turns the modules into chunk files (vite-plugins/next-screens.ts), and for
// start-up, which prefetches them (app/start-up/prefetch-next.ts). No imports: vite.config.ts reads it.
// docs/decisions/0037-prefetch-next-screens.md

/** The first screens that prefetch, by the paths they are shown at. */
export const NEXT_SCREENS = {
  // "Create New Wallet" leads to the phrase screen and its word list.
  welcome: {
    paths: ['/onboarding', '/onboarding/welcome'],
    modules: ['src/features/onboarding/MnemonicScreen.tsx', 'src/core/keys/phrase.ts'],
  },
  // Submit opens the invoice modal and its QR code; the shell's first tab leads to the wallet.
  keypad: {
    paths: ['/'],
    modules: [
      'src/ui/payment/InvoiceModal.tsx',
      'src/features/wallet/WalletScreen.tsx',
      'src/app/services/wallet-first.ts',
    ],
  },
} as const;

/**
 * What start-up loads after either first screen in any case (app/start-up/start.tsx: the services, at idle
 * for a new user, after the first paint for a merchant): not prefetched again.
 */
export const LOADED_AFTER_FIRST_SCREEN = ['src/app/services/startup.ts'] as const;

export type NextScreensOf = keyof typeof NEXT_SCREENS;

/** The name of the meta tag in index.html that lists each first screen's files (JSON). */
export const NEXT_SCREENS_META = 'cashew-next-screens';

/**
 * The screens behind the onboarding guard that need the protocol services, by path, as modules
 * from the project root: an onboarded device opening one of them first has the early script fetch
 * its files and the services' while React downloads (src/early-onboarded-read.ts), as index.html
 * lists them in the meta tag named GUARDED_SCREENS_META. Their imports are in
 * app/routes/guarded-screens.ts, which must list the same paths.
 */
export const GUARDED_SCREEN_MODULES = {
  '/wallet': 'src/features/wallet/WalletScreen.tsx',
  '/connect': 'src/features/connect/ConnectScreen.tsx',
  '/settings': 'src/features/settings/SettingsScreen.tsx',
  '/items': 'src/features/items/ItemsScreen.tsx',
} as const;

/**
 * The wallet screen's storage reads and its stand-in for the services (app/routes/routes.tsx):
 * loaded with the screen, before the services, so the page renders from the `stores` and
 * `walletFirst` chunks alone (docs/performance.md "Wallet at scale").
 */
export const WALLET_FIRST = 'src/app/services/wallet-first.ts';

/** The onboarding steps after the phrase (and the legacy one-page onboarding). */
export const ONBOARDING_AFTER_PHRASE = [
  'src/features/onboarding/MintSelectionScreen.tsx',
  'src/features/onboarding/RelayConfigScreen.tsx',
  'src/features/onboarding/CompleteScreen.tsx',
  'src/features/onboarding/LegacyOnboardingScreen.tsx',
] as const;

/**
 * Modules loaded only with the services or after them (on an onboarded device they load right
 * after the first paint): the screens whose route loads them (app/routes/routes.tsx: the guarded
 * screens, the onboarding steps after the phrase, the remote page) and what a main screen imports
 * once they are in or on a later tap. The build puts what these share with the services in the
 * services' chunk (vite-plugins/route-chunks.ts); a module another dynamic import reaches too
 * (the phrase screen, the customer display, the invoice modal) stays in a chunk of its own.
 */
// Only the build reads it: marked pure, the spread's iteration is left out of the scripts that
// import this module (the entry and the early script carried it as dead code).
export const LOADED_WITH_SERVICES = /* @__PURE__ */ (() => [
  ...Object.values(GUARDED_SCREEN_MODULES),
  ...ONBOARDING_AFTER_PHRASE,
  'src/features/remote/RemoteScreen.tsx',
  'src/core/discovery/index.ts',
  'src/features/wallet/SalesChart.tsx',
  'src/app/shell/LoadedBanners.tsx',
  'src/features/pos/ReceiveEcashDialog.tsx',
  'src/features/pos/invoice-failure.ts',
  'src/features/pos/SaleReceiptDialog.tsx',
  'src/ui/cart/DiscountDialog.tsx',
  'src/core/staff/cash-sale.ts',
])();

/**
 * The phrase screen, a new user's first tap: its modules and the word list go to one named chunk
 * (vite-plugins/route-chunks.ts), with whatever only the later onboarding steps share with them.
 */
export const PHRASE_SCREEN = [
  'src/features/onboarding/MnemonicScreen.tsx',
  'src/core/keys/phrase.ts',
] as const;

/**
 * The screens a tap on the prerendered welcome leads to, by path: a tap before React has hydrated
 * the welcome has the early script fetch their files (app/start-up/early-tap.ts), listed in the
 * meta tag named GUARDED_SCREENS_META under `earlyTapKey(path)`.
 */
export const EARLY_TAP_SCREENS = { '/onboarding/mnemonic': PHRASE_SCREEN } as const;

/**
 * The key, in that meta tag's table, of what a tap leading to `path` needs: the path without its
 * query, apart from every screen's own path.
 */
export const earlyTapKey = (path: string) => `tap:${path.split('?')[0]}`;

/**
 * The module that shows the create step's words before React is there, built into a file of its
 * own for the early script to import on a "Create New Wallet" tap
 * (docs/decisions/0116-words-before-hydration.md).
 */
export const EARLY_PHRASE = 'src/app/start-up/early-phrase.ts';

/** Its key in the meta tag's table: `step:` and the path the tap leads to, with its query. */
export const earlyStepKey = (path: string) => `step:${path}`;

/** The keypad's item grid and its stores, loaded as it renders, before the services. */
export const KEYPAD_STORES = [
  'src/app/services/item-stores.ts',
  'src/features/pos/ItemsSide.tsx',
] as const;

/**
 * The name of the meta tag in index.html that lists the files the early script fetches ahead
 * (JSON): each guarded screen's by path, and each early tap's screen (EARLY_TAP_SCREENS).
 */
export const GUARDED_SCREENS_META = 'cashew-guarded-screens';
