// A mint's refusal in the merchant's language: the NUT code in our words (either table's number),
// the mint's own text kept as it said it; anything that is not a refusal is left to the caller.
import { describe, expect, it } from 'vitest';
import { MintRefusedError, MintUnreachableError } from '../core/errors';
import { spanishTexts } from '../testing/ui/spanish';
import { englishText } from './i18n';
import * as SPANISH from './locales/mint-refusal/es.json';
import { mintRefusalText } from './mint-refusal';

const { t } = spanishTexts(SPANISH);

describe('mintRefusalText', () => {
  it('says a known code in our words and keeps the mint’s text', () => {
    const spent = new MintRefusedError('Token already spent', 11001);
    expect(mintRefusalText(englishText, spent)).toBe(
      'The mint refused: this ecash was already spent (Token already spent).',
    );
    expect(mintRefusalText(t, spent)).toBe(
      'El mint lo rechazó: este ecash ya se gastó (Token already spent).',
    );
  });

  it('reads the current table’s number as the older one', () => {
    const signed = new MintRefusedError('outputs have already been signed', 11003);
    expect(mintRefusalText(t, signed)).toBe(
      'El mint lo rechazó: ya firmó estas salidas (outputs have already been signed).',
    );
  });

  it('says an unknown or missing code with the mint’s text alone', () => {
    expect(mintRefusalText(t, new MintRefusedError('No way', 29999))).toBe(
      'El mint lo rechazó: No way',
    );
    expect(mintRefusalText(englishText, new MintRefusedError('Bad request', undefined))).toBe(
      'The mint refused: Bad request',
    );
  });

  it('leaves anything that is not a refusal to the caller', () => {
    expect(mintRefusalText(t, new MintUnreachableError('Network request failed'))).toBeUndefined();
    expect(mintRefusalText(t, new Error('x'))).toBeUndefined();
  });
});
