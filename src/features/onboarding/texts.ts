// User-visible texts of the onboarding screens (docs/behaviour.md "Onboarding").
import { INVALID_MNEMONIC } from './texts.json';
export const WELCOME_TOAST = '🎉 Welcome to Cashew POS! Your wallet is ready to use.';
/** Beside the SPEC's "Invalid mnemonic": what the merchant can check. */
export const INVALID_MNEMONIC_HELP =
  'Check each word and their order against your written copy: one misspelt word, or a word from outside the recovery word list, makes the whole phrase invalid.';
export const ONBOARDING_STEPS = ['Recovery Phrase', 'Mint', 'Relays', 'Complete'] as const;
export const LEGACY_TEXTS = {
  success: "You're all set!",
  restoreEmpty: 'Please enter your mnemonic to restore',
  phraseMissing: 'Mnemonic is missing. Please reload the page.',
  saveFailed: 'Failed to save. Please try again.',
  invalidMnemonic: INVALID_MNEMONIC,
} as const;

/** Step 4's optional merchant PIN (docs/behaviour.md "Merchant PIN"). */
export const PIN_OFFER_TITLE = 'Merchant PIN (optional)';

/** Under a discovered mint: whether it answered GET /v1/info just now (docs/protocol.md). */
export const MINT_ANSWERED = 'Answered just now';
