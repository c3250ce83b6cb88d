// The one URL normaliser: the table of what goes in and what is stored or refused.
import { describe, expect, it } from 'vitest';
import {
  MINT_URL_INVALID,
  MINT_URL_NOT_HTTPS,
  mintUrlKey,
  normaliseMintUrl,
  normaliseRelayUrl,
  relayUrlInvalid,
  relayUrlNotWss,
  urlProblemWords,
} from './normalise-url';

/** What goes in, and the URL stored. */
const MINT_STORED = [
  ['https://mint.example.com', 'https://mint.example.com'],
  ['  HTTPS://Mint.Example.COM/  ', 'https://mint.example.com'],
  ['https://mint.example.com/Cashu//', 'https://mint.example.com/Cashu'],
  ['https://mint.example.com:443/', 'https://mint.example.com'],
  ['https://mint.example.com:8443/api/', 'https://mint.example.com:8443/api'],
  ['https://user:secret@mint.example.com/', 'https://mint.example.com'],
  ['https://mint.example.com/?token=1#frag', 'https://mint.example.com'],
  ['http://127.0.0.1:3338/', 'http://127.0.0.1:3338'],
  ['http://LOCALHOST:3338', 'http://localhost:3338'],
  ['http://mint.localhost', 'http://mint.localhost'],
  ['http://[::1]:3338/', 'http://[::1]:3338'],
  ['http://abcdefghij234567.onion/', 'http://abcdefghij234567.onion'],
];
/** What goes in, and why it is refused. */
const MINT_REFUSED = [
  ['', MINT_URL_INVALID],
  ['mint.example.com', MINT_URL_INVALID],
  ['ftp://mint.example.com', MINT_URL_INVALID],
  ['wss://mint.example.com', MINT_URL_INVALID],
  ['http://mint.example.com', MINT_URL_NOT_HTTPS],
  ['http://192.168.1.20:3338', MINT_URL_NOT_HTTPS],
  ['http://127.0.0.1.example.com', MINT_URL_NOT_HTTPS],
];
const RELAY_STORED = [
  ['wss://Relay.Example.com/', 'wss://relay.example.com'],
  ['wss://relay.example.com/nostr/?x=1', 'wss://relay.example.com/nostr'],
  ['ws://127.0.0.1:7777', 'ws://127.0.0.1:7777'],
  ['ws://relayxyz.onion', 'ws://relayxyz.onion'],
];
const RELAY_REFUSED = [
  ['ws://relay.example.com', relayUrlNotWss('ws://relay.example.com')],
  ['https://relay.example.com', relayUrlInvalid('https://relay.example.com')],
  ['relay', relayUrlInvalid('relay')],
];

describe.each([
  ['normaliseMintUrl', normaliseMintUrl, MINT_STORED, MINT_REFUSED],
  ['normaliseRelayUrl', normaliseRelayUrl, RELAY_STORED, RELAY_REFUSED],
] as const)('%s', (_name, normalise, stored, refused) => {
  it.each(stored)('%s → %s', (input, url) => {
    expect(normalise(input)).toBe(url);
  });

  it.each(refused)('refuses %j', (input, message) => {
    expect(() => normalise(input)).toThrow(message);
  });
});

describe('mintUrlKey', () => {
  it('matches the same mint written differently, and never throws on old data', () => {
    expect(mintUrlKey('https://Mint.Example.com/')).toBe(mintUrlKey('https://mint.example.com'));
    expect(mintUrlKey('http://mint.example.com/')).toBe('http://mint.example.com');
    expect(mintUrlKey(' not a url/ ')).toBe('not a url');
  });
});

describe("a relay line's problem", () => {
  it('names its catalog key and the line as typed, a mint URL its fixed message', () => {
    expect(urlProblemWords(' relay ', 'relay')).toEqual({
      message: relayUrlInvalid('relay'),
      text: { key: 'RELAY_URL_INVALID', values: { value: 'relay' } },
    });
    expect(urlProblemWords('ws://relay.example.com', 'relay')).toEqual({
      message: relayUrlNotWss('ws://relay.example.com'),
      text: { key: 'RELAY_URL_NOT_WSS', values: { value: 'ws://relay.example.com' } },
    });
    expect(urlProblemWords('mint', 'mint')).toBe(MINT_URL_INVALID);
    expect(urlProblemWords('wss://relay.example.com', 'relay')).toBeUndefined();
  });
});
