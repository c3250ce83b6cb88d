// The cashier's view of the merchant's kind 10019 profile: which link is still valid, and reading
// the newest profile the relays keep (or nothing, in time, when they keep none).
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { isLinkRevoked, readMerchantProfile } from './cashier-link';
import { merchantProfileTemplate, type MerchantProfile } from '../merchant-profile';
import { newPairingSecret, pairingId } from '../pairing';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';

const RELAY = 'wss://relay.test';
const merchantSk = generateSecretKey();
const merchantHex = getPublicKey(merchantSk);

function profileEvent(profile: MerchantProfile, createdAt: number, sk = merchantSk) {
  return finalizeEvent(merchantProfileTemplate(profile, createdAt), sk);
}

describe('isLinkRevoked', () => {
  const secret = newPairingSecret();
  const current = { mints: [], relays: [], pairingId: pairingId(secret) };

  it('accepts the link whose secret the profile names', () => {
    expect(isLinkRevoked(current, secret)).toBe(false);
  });

  it('refuses a link with another secret (the merchant reset it) or with none', () => {
    expect(isLinkRevoked(current, newPairingSecret())).toBe(true);
    expect(isLinkRevoked(current, undefined)).toBe(true);
  });

  it('goes on when there is no profile or the merchant takes unpaired messages', () => {
    expect(isLinkRevoked(undefined, undefined)).toBe(false);
    expect(isLinkRevoked(undefined, secret)).toBe(false);
    expect(isLinkRevoked({ mints: [], relays: [] }, undefined)).toBe(false);
  });
});

describe('readMerchantProfile', () => {
  it('reads the newest profile the merchant signed and ignores other authors', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, profileEvent({ mints: ['https://old.mint'], relays: [] }, 100));
    pool.deliver(RELAY, profileEvent({ mints: ['https://new.mint'], relays: [RELAY] }, 200));
    // A newer profile by a stranger names the stranger's mint: it does not count.
    pool.deliver(
      RELAY,
      profileEvent({ mints: ['https://evil.mint'], relays: [] }, 300, generateSecretKey()),
    );
    const profile = await readMerchantProfile({
      pool,
      relays: [RELAY],
      merchantPubkeyHex: merchantHex,
    });
    expect(profile).toEqual({ mints: ['https://new.mint'], relays: [RELAY] });
  });

  it('is undefined when no profile exists, and when the relay never answers within the timeout', async () => {
    const empty = new FakeRelayPool();
    expect(
      await readMerchantProfile({ pool: empty, relays: [RELAY], merchantPubkeyHex: merchantHex }),
    ).toBeUndefined();
    const hanging = new FakeRelayPool();
    hanging.subscribe = () => ({ close: () => {} });
    expect(
      await readMerchantProfile({
        pool: hanging,
        relays: [RELAY],
        merchantPubkeyHex: merchantHex,
        timeoutMs: 20,
      }),
    ).toBeUndefined();
  });
});
