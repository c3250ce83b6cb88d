// Mint URL and relay list checks shared by onboarding and settings.
import { describe, expect, it } from 'vitest';
import {
  MINT_URL_EMPTY,
  MINT_URL_NOT_HTTP,
  RELAYS_EMPTY,
  mintUrlProblem,
  normaliseMintInput,
  parseRelayLines,
  relaysProblem,
} from './settings-input';

describe('parseRelayLines', () => {
  it.each([
    [
      '  wss://a.example \n\n\t\r\nws://127.0.0.1:7777  \n   ',
      ['wss://a.example', 'ws://127.0.0.1:7777'],
    ],
    ['', []],
    [' \n \n', []],
  ])('splits %j on newlines, trims each line and drops blank ones', (text, relays) => {
    expect(parseRelayLines(text)).toEqual(relays);
  });
});

describe('mintUrlProblem', () => {
  it('rejects an empty or blank mint URL with the documented message', () => {
    expect(mintUrlProblem('')).toBe(MINT_URL_EMPTY);
    expect(mintUrlProblem('   ')).toBe(MINT_URL_EMPTY);
  });

  it.each(['ftp://mint.example', 'ws://mint.example', 'mint.example', 'https://', 'javascript:1'])(
    'rejects %s as not an http(s) address',
    (url) => {
      expect(mintUrlProblem(url)).toBe(MINT_URL_NOT_HTTP);
    },
  );

  it.each(['https://mint.example', 'http://127.0.0.1:3338', ' https://mint.example/path/ '])(
    'accepts %s',
    (url) => {
      expect(mintUrlProblem(url)).toBeUndefined();
    },
  );
});

describe('relaysProblem', () => {
  it('requires at least one relay', () => {
    expect(relaysProblem([])).toBe(RELAYS_EMPTY);
  });

  it('names the first relay that is not a ws(s) URL', () => {
    expect(relaysProblem(['wss://ok.example', 'https://relay.example', 'nope'])).toBe(
      'Relay must be a valid ws:// or wss:// address: https://relay.example',
    );
  });

  it('accepts ws and wss relays', () => {
    expect(relaysProblem(['wss://relay.example', 'ws://127.0.0.1:7777'])).toBeUndefined();
  });
});

describe('normaliseMintInput', () => {
  it('trims and drops trailing slashes', () => {
    expect(normaliseMintInput('  https://mint.example/// ')).toBe('https://mint.example');
  });
});
