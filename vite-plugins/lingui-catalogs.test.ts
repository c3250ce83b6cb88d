import { describe, expect, it } from 'vitest';
import { compileCatalog } from './lingui-catalogs.ts';

describe('compileCatalog', () => {
  it('exports each text by name, with its key and compiled message, and the whole table', () => {
    const code = compileCatalog(
      JSON.stringify({
        TITLE: 'Point of Sale',
        AMOUNT: '{count, plural, one {# sat} other {# sats}}',
      }),
      'en.json',
    );
    expect(code).toContain('export const TITLE = { id: "TITLE", message: ["Point of Sale"] };');
    expect(code).toContain('export const AMOUNT = { id: "AMOUNT", message: [["count","plural"');
    expect(code).toContain('export const messages = {"TITLE":["Point of Sale"]');
  });

  it('fails the build on a message that is not ICU or a key that is no name, naming both', () => {
    expect(() => compileCatalog(JSON.stringify({ BROKEN: 'Hello {name' }), 'es.json')).toThrow(
      /es\.json: BROKEN/,
    );
    expect(() => compileCatalog('["a"]', 'fr.json')).toThrow(/one object of texts/);
    expect(() => compileCatalog('{"not-a-name": "x"}', 'de.json')).toThrow(/de\.json: not-a-name/);
  });
});
