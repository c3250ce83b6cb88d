// Where the welcome's two buttons lead, written on each button too, so a tap on the prerendered
// welcome before React has hydrated it can be caught and kept (app/start-up/early-tap.ts,
// docs/decisions/0114-a-tap-before-hydration-is-kept.md).

/** "Create New Wallet": the phrase screen, with new words. */
export const CREATE_WALLET_PATH = '/onboarding/mnemonic?mode=create';

/** "Restore Existing Wallet": the phrase screen, typing the words back. */
export const RESTORE_WALLET_PATH = '/onboarding/mnemonic?mode=restore';

/** The attribute on a welcome button naming the path its tap leads to. */
export const GOES_TO_ATTRIBUTE = 'data-goes-to';
