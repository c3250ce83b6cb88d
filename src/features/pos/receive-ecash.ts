// "Receive ecash" at the keypad (docs/behaviour.md "Point of sale"): the first look at what was
// pasted or scanned, and what a refusal says (plain texts in texts.json). The core checks the token.
import { MintUnreachableError, ValidationError } from '../../core/errors';
import { coreWords } from '../../ui/core-words';
import type { Formats, Translate } from '../../ui/i18n';
import { mintRefusalText } from '../../ui/mint-refusal';
import { failureReason } from './invoice-failure';
import { COULD_NOT_TAKE_TEXT, EMPTY_TOKEN_TEXT, NOT_A_TOKEN_TEXT } from './locales/receive/en.json';
import * as CORE_TEXTS from './locales/receive-errors/en.json';

const TOKEN = /^cashu[AB][A-Za-z0-9_\-+/=]+$/;

/** The token in what was pasted or scanned (spaces and a `cashu:` link prefix dropped), or why not. */
export function readTokenText(raw: string, t: Translate): { token: string } | { error: string } {
  const text = raw.replace(/\s+/g, '').replace(/^cashu:/i, '');
  if (!text) return { error: t(EMPTY_TOKEN_TEXT) };
  if (!TOKEN.test(text)) return { error: t(NOT_A_TOKEN_TEXT) };
  return { token: text };
}

/** Core's checks of a token, found in the catalogs by their English (decision 0063). */
const coreText = coreWords({ ...CORE_TEXTS, NOT_A_TOKEN_TEXT });

/**
 * A refusal in the merchant's words: core's message for a check that failed or for another mint's
 * ecash kept for later (`kept`), a mint's refusal by its NUT code, else why the mint was not reached.
 */
export function refusalText(
  error: unknown,
  t: Translate,
  formats: Pick<Formats, 'sats'>,
  kept = false,
): string {
  if (error instanceof ValidationError || (kept && error instanceof MintUnreachableError)) {
    return coreText(t, formats, error);
  }
  return mintRefusalText(t, error) ?? failureReason(error, t) ?? t(COULD_NOT_TAKE_TEXT);
}
