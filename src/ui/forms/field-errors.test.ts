// The mint URL, relay and PIN problems core finds, in the merchant's language: English exactly as
// core writes it (the specified texts), Spanish from the catalog, a relay line named as it was typed.
import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { choosePin, PIN_FORMAT_MESSAGE, PIN_MISMATCH_MESSAGE } from '../../core/lock/pin';
import {
  MINT_URL_EMPTY,
  MINT_URL_NOT_HTTP,
  MINT_URL_NOT_HTTPS,
  mintUrlProblem,
  RELAYS_EMPTY,
  relaysProblemWords,
} from '../../core/settings/settings-input';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../i18n';
import * as SPANISH from '../locales/field-errors/es.json';
import { fieldErrorText } from './field-errors';

const english = (said: unknown) => fieldErrorText(englishText, ENGLISH_FORMATS, said);
const { t, formats } = spanishTexts(SPANISH);
const spanish = (said: unknown) => fieldErrorText(t, formats, said);

const FIXED = [
  MINT_URL_EMPTY,
  MINT_URL_NOT_HTTP,
  MINT_URL_NOT_HTTPS,
  RELAYS_EMPTY,
  PIN_FORMAT_MESSAGE,
  PIN_MISMATCH_MESSAGE,
];
const relayLine = (line: string) => relaysProblemWords([line])!;
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('field errors in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const message of FIXED) expect(english(message)).toBe(message);
    for (const line of ['https://relay.example', 'ws://relay.example']) {
      const words = relayLine(line);
      expect(typeof words).toBe('object');
      expect(english(words)).toBe(typeof words === 'object' ? words.message : words);
    }
  });

  it('say every one in Spanish, the relay line as it was typed', () => {
    for (const message of FIXED) expect(spanish(message), message).not.toBe(message);
    expect(spanish(mintUrlProblem('  '))).toBe('La URL del mint no puede estar vacía');
    expect(spanish(relayLine('ws://relay.example'))).toBe(
      'El relay debe usar wss:// (ws:// solo para este dispositivo o una dirección .onion): ws://relay.example',
    );
    expect(spanish(thrownBy(() => choosePin('12', '12')))).toBe(
      'El PIN debe tener de 4 a 12 dígitos',
    );
    expect(spanish(thrownBy(() => choosePin('1234', '1235')))).toBe('Los dos PIN no coinciden');
  });

  it('leave a message no catalog has as it was', () => {
    expect(spanish('Something else')).toBe('Something else');
  });
});
