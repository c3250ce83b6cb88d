// A NUT-18 payload as it arrives in a NIP-17 message: JSON {id, memo?, mint, unit, proofs}. Only
// its envelope is read here; the proofs are checked by the receipt core (ecash-input.ts).
import { ValidationError } from '../../errors';
import { MALFORMED_ECASH_MESSAGE } from './ecash-input';

export interface PaymentPayload {
  id: string;
  mint: string;
  unit: unknown;
  proofs: unknown;
}

/** A payload's size limit: a thousand proofs fit well within it. */
export const MAX_PAYLOAD_CHARS = 512 * 1024;

/** The payload's fields, or a ValidationError when the text is not one (no id: not ours). */
export function parsePaymentPayload(text: string): PaymentPayload {
  if (text.length > MAX_PAYLOAD_CHARS) throw new ValidationError(MALFORMED_ECASH_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(MALFORMED_ECASH_MESSAGE);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError(MALFORMED_ECASH_MESSAGE);
  }
  const { id, mint, unit, proofs } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof mint !== 'string' || mint === '') {
    throw new ValidationError(MALFORMED_ECASH_MESSAGE);
  }
  return { id, mint, unit, proofs };
}
