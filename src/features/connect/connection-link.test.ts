// Connection link: origin + npub path, the merchant's mint and relays as encoded query parameters.
import { describe, expect, it } from 'vitest';
import { buildConnectionLink } from './connection-link';

const NPUB = 'npub1zutzeysacnf9rru6zqwmxd54mud0k44tst6l70ja5mhv8jjumytsd2x7nu';

/** The parsed link for this shop's origin and npub with `extra` options. */
function linkUrl(extra: Omit<Parameters<typeof buildConnectionLink>[0], 'origin' | 'npub'>): URL {
  return new URL(buildConnectionLink({ origin: 'https://pos.example', npub: NPUB, ...extra }));
}

describe('buildConnectionLink', () => {
  it('puts the npub in the /remote path of the origin and mint and relays in the query', () => {
    const link = buildConnectionLink({
      origin: 'https://pos.example',
      npub: NPUB,
      mintUrl: 'https://mint.example/cashu',
      relays: ['wss://relay.one', 'ws://127.0.0.1:7777'],
    });
    expect(link).toBe(
      `https://pos.example/remote/${NPUB}?mint=https%3A%2F%2Fmint.example%2Fcashu` +
        '&relay=wss%3A%2F%2Frelay.one&relay=ws%3A%2F%2F127.0.0.1%3A7777',
    );
    const url = new URL(link);
    expect(url.pathname).toBe(`/remote/${NPUB}`);
    expect(url.searchParams.get('mint')).toBe('https://mint.example/cashu');
    expect(url.searchParams.getAll('relay')).toEqual(['wss://relay.one', 'ws://127.0.0.1:7777']);
  });

  it('encodes characters that would otherwise break the query (& = # ? and spaces)', () => {
    const relay = 'wss://relay.example/path?a=1&b=2#frag';
    const link = buildConnectionLink({
      origin: 'http://127.0.0.1:5173/',
      npub: NPUB,
      mintUrl: ' https://mint.example/a b ',
      relays: [relay, '  ', ''],
    });
    const url = new URL(link);
    expect(url.origin).toBe('http://127.0.0.1:5173');
    expect(url.hash).toBe('');
    expect(url.searchParams.get('mint')).toBe('https://mint.example/a b');
    expect(url.searchParams.getAll('relay')).toEqual([relay]);
  });

  it('is the bare /remote/{npub} link when there is no mint and no relay', () => {
    expect(buildConnectionLink({ origin: 'https://pos.example', npub: NPUB })).toBe(
      `https://pos.example/remote/${NPUB}`,
    );
  });

  it('carries the shop name in a shop parameter, encoded, and leaves it out when blank', () => {
    const url = linkUrl({ mintUrl: 'https://mint.example', shopName: ' Bob & Alice’s Café #1 ' });
    expect(url.searchParams.get('shop')).toBe('Bob & Alice’s Café #1');
    expect(url.hash).toBe('');
    expect(url.searchParams.get('mint')).toBe('https://mint.example');
    expect(linkUrl({ shopName: '  ' }).search).toBe('');
  });

  it('carries the pairing secret in the fragment, which browsers never send to a server', () => {
    const url = linkUrl({ mintUrl: 'https://mint.example', pairing: 'c2VjcmV0' });
    expect(url.hash).toBe('#pair=c2VjcmV0');
    expect(url.searchParams.get('mint')).toBe('https://mint.example');
  });
});
