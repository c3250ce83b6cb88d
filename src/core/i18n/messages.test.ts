import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from './formats';
import { intlFormats } from './intl-formats';
import { formatMessage, translate, type CompiledMessage } from './messages';

const compiled = (message: string) => compileMessageOrThrow(message) as unknown as CompiledMessage;
const SATS = compiled('{count, plural, one {{sats} sat} other {{sats} sats}}');

describe('formatMessage', () => {
  it('says "1 sat" and "N sats" in English', () => {
    const text = (count: number) =>
      formatMessage(SATS, ENGLISH_FORMATS, { count, sats: ENGLISH_FORMATS.sats(count) });
    expect([text(0), text(1), text(2), text(2100)]).toEqual([
      '0 sats',
      '1 sat',
      '2 sats',
      '2,100 sats',
    ]);
  });

  it("follows each language's plural rules: French 0 is singular", () => {
    const fr = intlFormats('fr');
    expect(formatMessage(SATS, fr, { count: 0, sats: '0' })).toBe('0 sat');
    expect(formatMessage(SATS, fr, { count: 2, sats: '2' })).toBe('2 sats');
  });

  it('puts arguments in, formats # in the language, and takes exact and select cases', () => {
    expect(
      formatMessage(compiled('Enter an amount in {unit}'), ENGLISH_FORMATS, { unit: 'USD' }),
    ).toBe('Enter an amount in USD');
    const hash = compiled('{n, plural, =0 {none} one {# item} other {# items}}');
    expect(formatMessage(hash, intlFormats('de'), { n: 0 })).toBe('none');
    expect(formatMessage(hash, intlFormats('de'), { n: 2100 })).toBe('2.100 items');
    const pick = compiled('{kind, select, cash {Cash} other {Card}}');
    expect(formatMessage(pick, ENGLISH_FORMATS, { kind: 'cash' })).toBe('Cash');
    expect(formatMessage(pick, ENGLISH_FORMATS, { kind: 'x' })).toBe('Card');
  });
});

describe('translate', () => {
  const text = { id: 'GREETING', message: compiled('Hello {name}') };

  it("uses the language's message, else the text's English one", () => {
    const es = { formats: intlFormats('es'), messages: { GREETING: compiled('Hola {name}') } };
    expect(translate(es, text, { name: 'Ana' })).toBe('Hola Ana');
    expect(translate({ formats: ENGLISH_FORMATS, messages: {} }, text, { name: 'Ann' })).toBe(
      'Hello Ann',
    );
  });
});
