// What each first screen's likely next screens need, fetched (not run) once it is idle: one table
// for the build, which turns the modules into chunk files (vite-plugins/next-screens.ts), and for
// start-up, which prefetches them (app/prefetch-next.ts). No imports: vite.config.ts reads it.
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
    modules: ['src/ui/InvoiceModal.tsx', 'src/features/wallet/WalletScreen.tsx'],
  },
} as const;

/**
 * What start-up loads after either first screen in any case (app/start.tsx: the services, at idle
 * for a new user, after the first paint for a merchant): not prefetched again.
 */
export const LOADED_AFTER_FIRST_SCREEN = ['src/app/services/startup.ts'] as const;

export type NextScreensOf = keyof typeof NEXT_SCREENS;

/** The name of the meta tag in index.html that lists each first screen's files (JSON). */
export const NEXT_SCREENS_META = 'cashew-next-screens';
