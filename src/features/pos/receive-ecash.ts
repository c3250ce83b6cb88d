// "Receive ecash" at the keypad (docs/behaviour.md "Point of sale"): the first look at what was
// pasted or scanned, and what a refusal says (plain texts in texts.json). The core checks the token.
import { ValidationError } from '../../core/errors';
import type { Translate } from '../../ui/i18n';
import { failureReason } from './use-invoice';
import { COULD_NOT_TAKE_TEXT, EMPTY_TOKEN_TEXT, NOT_A_TOKEN_TEXT } from './locales/receive/en.json';

const TOKEN = /^cashu[AB][A-Za-z0-9_\-+/=]+$/;

/** The token in what was pasted or scanned (spaces and a `cashu:` link prefix dropped), or why not. */
export function readTokenText(raw: string, t: Translate): { token: string } | { error: string } {
  const text = raw.replace(/\s+/g, '').replace(/^cashu:/i, '');
  if (!text) return { error: t(EMPTY_TOKEN_TEXT) };
  if (!TOKEN.test(text)) return { error: t(NOT_A_TOKEN_TEXT) };
  return { token: text };
}

/** A refusal in the merchant's words: the core's own message for a check that failed. */
export function refusalText(error: unknown, t: Translate): string {
  if (error instanceof ValidationError) return error.message;
  return failureReason(error, t) ?? t(COULD_NOT_TAKE_TEXT);
}
