// The connect link end to end in code: what Connect builds, the cashier page reads back (the two
// features may not import each other, so the round trip is checked here).
import { describe, expect, it } from 'vitest';
import {
  buildConnectionLink,
  LINK_MINT_PARAM,
  LINK_RELAY_PARAM,
  LINK_SHOP_PARAM,
} from '../features/connect/connection-link';
import {
  LINK_MINT_PARAM as READ_MINT,
  LINK_RELAY_PARAM as READ_RELAY,
  LINK_SHOP_PARAM as READ_SHOP,
  parseRemoteLink,
} from '../features/remote/remote-link';

const NPUB = 'npub1zutzeysacnf9rru6zqwmxd54mud0k44tst6l70ja5mhv8jjumytsd2x7nu';

describe('connect link round trip', () => {
  it('uses the same parameter names on both sides', () => {
    expect([LINK_MINT_PARAM, LINK_RELAY_PARAM, LINK_SHOP_PARAM]).toEqual([
      READ_MINT,
      READ_RELAY,
      READ_SHOP,
    ]);
  });

  it('brings mint, relays and the shop name to the cashier unchanged', () => {
    const link = new URL(
      buildConnectionLink({
        origin: 'https://pos.example',
        npub: NPUB,
        mintUrl: 'https://mint.example',
        relays: ['wss://relay.one', 'wss://relay.two/?a=1&b=2'],
        shopName: 'Bob & Alice’s Café #1 ☕',
      }),
    );
    expect(parseRemoteLink(link.search)).toEqual({
      mintUrl: 'https://mint.example',
      relays: ['wss://relay.one', 'wss://relay.two/?a=1&b=2'],
      shopName: 'Bob & Alice’s Café #1 ☕',
    });
  });

  it('leaves the fragment free (pairing secrets travel there)', () => {
    const link = new URL(
      buildConnectionLink({ origin: 'https://pos.example', npub: NPUB, shopName: 'A#B' }),
    );
    expect(link.hash).toBe('');
    expect(parseRemoteLink(link.search).shopName).toBe('A#B');
  });
});
