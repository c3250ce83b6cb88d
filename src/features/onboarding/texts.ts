// User-visible texts of the onboarding screens (docs/behaviour.md "Onboarding").
export const WELCOME_TOAST = '🎉 Welcome to Cashew POS! Your wallet is ready to use.';
export const SETUP_FAILED_TOAST = '❌ Failed to complete setup. Please try again.';
export const DISCOVERING_TEXT = 'Discovering mints...';
export const NO_MINTS_TEXT = 'No mints discovered. Try using a custom mint URL instead.';
export const WRITTEN_DOWN_LABEL = 'I have written down my recovery phrase and stored it safely';
export const INVALID_MNEMONIC = 'Invalid mnemonic';
/** Beside the SPEC's "Invalid mnemonic": what the merchant can check. */
export const INVALID_MNEMONIC_HELP =
  'Check each word and their order against your written copy: one misspelt word, or a word from outside the recovery word list, makes the whole phrase invalid.';
export const ONBOARDING_STEPS = ['Recovery Phrase', 'Mint', 'Relays', 'Complete'] as const;
export const PHRASE_PLACEHOLDER = 'Enter your 12 words separated by spaces';
export const LEGACY_TEXTS = {
  success: "You're all set!",
  restoreEmpty: 'Please enter your mnemonic to restore',
  phraseMissing: 'Mnemonic is missing. Please reload the page.',
  saveFailed: 'Failed to save. Please try again.',
  invalidMnemonic: INVALID_MNEMONIC,
} as const;

/** Step 4's optional merchant PIN (docs/behaviour.md "Merchant PIN"). */
export const PIN_OFFER_TITLE = 'Merchant PIN (optional)';
export const PIN_OFFER_TEXT =
  'Protect withdrawals, cash-outs, the recovery phrase, the Connect link and Settings with a PIN, and store the wallet’s secrets encrypted. Leave empty to skip; you can set one later in Settings.';
export const PIN_SET_FAILED_TOAST = 'The PIN could not be saved. Set it again in Settings.';

/** Under a discovered mint: whether it answered GET /v1/info just now (docs/protocol.md). */
export const MINT_ANSWERED = 'Answered just now';
export const MINT_UNREACHABLE = 'Did not answer: listed last';
