// Cashier side of the connection link: mint, relays and shop name from the query, bad values
// ignored.
import { describe, expect, it, vi } from 'vitest';
import { encodePairingSecret, newPairingSecret } from '../../core/remote-payments';
import {
  LINK_SHOP_PARAM,
  parsePairingFragment,
  parseRemoteLink,
  resolveRemoteTarget,
} from './remote-link';

function config(mintUrl = 'https://own.mint', relays = ['wss://own.relay']) {
  return {
    getMintUrl: vi.fn(() => Promise.resolve(mintUrl)),
    getRelays: vi.fn(() => Promise.resolve(relays)),
  };
}

describe('parseRemoteLink', () => {
  it('reads the mint and every relay the Connect screen put in the link', () => {
    // Exactly what src/features/connect builds: one `mint`, one `relay` per relay, URL-encoded.
    const search =
      '?mint=http%3A%2F%2F127.0.0.1%3A3338%2F&relay=ws%3A%2F%2F127.0.0.1%3A7777' +
      '&relay=wss%3A%2F%2Frelay.example%2Fpath%3Fa%3D1%26b%3D2';
    expect(parseRemoteLink(search)).toEqual({
      mintUrl: 'http://127.0.0.1:3338',
      relays: ['ws://127.0.0.1:7777', 'wss://relay.example/path?a=1&b=2'],
    });
  });

  it('ignores a mint that is not http(s) and relays that are not ws(s), keeping the good ones', () => {
    const params = new URLSearchParams();
    params.set('mint', 'javascript:alert(1)');
    for (const relay of [
      'https://not.a.relay',
      'wss://good.relay',
      'nonsense',
      '',
      'wss://good.relay',
    ]) {
      params.append('relay', relay);
    }
    expect(parseRemoteLink(params)).toEqual({ relays: ['wss://good.relay'] });
    expect(parseRemoteLink('?mint=%20&relay=ftp%3A%2F%2Fx')).toEqual({ relays: [] });
    expect(parseRemoteLink('')).toEqual({ relays: [] });
  });
});

describe('parseRemoteLink: the shop name', () => {
  it('reads the shop parameter as the shop name', () => {
    expect(parseRemoteLink('?shop=Corner+Caf%C3%A9').shopName).toBe('Corner Café');
    expect(parseRemoteLink('?shop=%20%20')).toEqual({ relays: [] });
    expect(LINK_SHOP_PARAM).toBe('shop');
  });

  it('cuts a too long name to 40 characters and strips line breaks and direction overrides', () => {
    const long = new URLSearchParams({ shop: 'A'.repeat(10_000) });
    expect(parseRemoteLink(long).shopName).toBe('A'.repeat(40));
    const tricky = new URLSearchParams({ shop: 'Shop\n\u202egnp.exe\u0000' });
    expect(parseRemoteLink(tricky).shopName).toBe('Shop gnp.exe');
  });

  it('keeps markup in a name as text (the page never renders it as HTML)', () => {
    const params = new URLSearchParams({ shop: '<script>alert(1)</script>' });
    expect(parseRemoteLink(params).shopName).toBe('<script>alert(1)</script>');
  });
});

describe('resolveRemoteTarget', () => {
  const profile = {
    mints: ['https://profile.mint/', 'https://old.mint'],
    relays: ['wss://profile.relay'],
  };

  it('takes the profile’s first mint and its relays for what the link lacks', async () => {
    const store = config();
    expect(await resolveRemoteTarget(parseRemoteLink(''), store, profile)).toEqual({
      target: { mintUrl: 'https://profile.mint', relays: ['wss://profile.relay'] },
      linkMintRefused: false,
    });
    expect(store.getRelays).not.toHaveBeenCalled();
  });

  it('uses the link’s mint only when the profile lists it, and the link’s relays', async () => {
    expect(
      await resolveRemoteTarget(
        { mintUrl: 'https://old.mint/', relays: ['wss://link.relay'] },
        config(),
        profile,
      ),
    ).toEqual({
      target: { mintUrl: 'https://old.mint', relays: ['wss://link.relay'] },
      linkMintRefused: false,
    });
    expect(
      await resolveRemoteTarget({ mintUrl: 'https://evil.mint', relays: [] }, config(), profile),
    ).toEqual({
      target: { mintUrl: 'https://profile.mint', relays: ['wss://profile.relay'] },
      linkMintRefused: true,
    });
  });

  it('falls back to the device’s relays only, and sells nowhere without a profile mint', async () => {
    const store = config();
    expect(
      await resolveRemoteTarget(parseRemoteLink(''), store, {
        mints: ['https://profile.mint'],
        relays: [],
      }),
    ).toMatchObject({ target: { relays: ['wss://own.relay'] } });
    expect(await resolveRemoteTarget(parseRemoteLink('?mint=https%3A%2F%2Fa.mint'), store)).toBe(
      undefined,
    );
    expect(
      await resolveRemoteTarget(parseRemoteLink(''), store, { mints: [], relays: [] }),
    ).toBeUndefined();
    expect(store.getMintUrl).not.toHaveBeenCalled();
  });

  it('lets the cashier sell unlocked only where the profile says so', async () => {
    const open = { ...profile, unlockedMints: ['https://profile.mint'] };
    expect(await resolveRemoteTarget(parseRemoteLink(''), config(), open)).toMatchObject({
      target: { mintUrl: 'https://profile.mint', allowUnlocked: true },
    });
  });
});

describe('parsePairingFragment', () => {
  it('reads the secret of #pair= and ignores a malformed or missing one', () => {
    const secret = newPairingSecret();
    expect(parsePairingFragment(`#pair=${encodePairingSecret(secret)}`)).toEqual(secret);
    expect(parsePairingFragment(`#x=1&pair=${encodePairingSecret(secret)}`)).toEqual(secret);
    expect(parsePairingFragment('#pair=short')).toBeUndefined();
    expect(parsePairingFragment('')).toBeUndefined();
  });
});
