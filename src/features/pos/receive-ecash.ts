// "Receive ecash" at the keypad (docs/behaviour.md "Point of sale"): its texts, the first look
// at what was pasted or scanned, and what a refusal says. The token itself is checked by the core.
import { ValidationError } from '../../core/errors';
import { failureReason } from './use-invoice';

export const RECEIVE_ECASH_TEXT = 'Receive ecash';
export const TAKE_ECASH_TEXT = 'Take ecash';
export const TAKING_ECASH_TEXT = 'Taking the ecash…';
export const TOKEN_LABEL = 'Ecash token';
export const TOKEN_PLACEHOLDER = 'cashuB…';
export const EMPTY_TOKEN_TEXT = 'Paste or scan a token first';
export const NOT_A_TOKEN_TEXT = 'This is not a Cashu ecash token';
export const ALREADY_TAKEN_TEXT = 'This ecash was already taken';
export const COULD_NOT_TAKE_TEXT = 'The ecash could not be taken. Try again.';
export const receiveEcashTitle = (sats: string) => `Receive ${sats} sats in ecash`;

const TOKEN = /^cashu[AB][A-Za-z0-9_\-+/=]+$/;

/** The token in what was pasted or scanned (spaces and a `cashu:` link prefix dropped), or why not. */
export function readTokenText(raw: string): { token: string } | { error: string } {
  const text = raw.replace(/\s+/g, '').replace(/^cashu:/i, '');
  if (!text) return { error: EMPTY_TOKEN_TEXT };
  if (!TOKEN.test(text)) return { error: NOT_A_TOKEN_TEXT };
  return { token: text };
}

/** A refusal in the merchant's words: the core's own message for a check that failed. */
export function refusalText(error: unknown): string {
  if (error instanceof ValidationError) return error.message;
  return failureReason(error) ?? COULD_NOT_TAKE_TEXT;
}
