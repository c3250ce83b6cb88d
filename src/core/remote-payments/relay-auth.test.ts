// What a relay's close reason tells the merchant, what the AUTH signer will sign, and the status board.
import { makeAuthEvent } from 'nostr-tools/nip42';
import { generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { authSigner, deliveryAfterClose } from './relay-auth';
import { RelayStatusBoard } from './merchant/relay-status';

describe('deliveryAfterClose', () => {
  it('a refused AUTH is a refusal with the relay’s reason', () => {
    expect(
      deliveryAfterClose(
        'auth was required and attempted, but failed with: Error: restricted: abc may not read here',
      ),
    ).toEqual({
      state: 'refused',
      reason: 'AUTH refused: restricted: abc may not read here',
      text: { key: 'RELAY_AUTH_REFUSED', values: { why: 'restricted: abc may not read here' } },
    });
  });

  it('a close without a reason is unreachable in our words, with their catalog key', () => {
    expect(deliveryAfterClose('  ')).toEqual({
      state: 'unreachable',
      reason: 'connection closed',
      text: { key: 'RELAY_CONNECTION_CLOSED', values: {} },
    });
  });

  it('a NIP-01 reason from the relay is a refusal; a failed connection is unreachable', () => {
    expect(deliveryAfterClose('auth-required: sign in')).toEqual({
      state: 'refused',
      reason: 'auth-required: sign in',
    });
    expect(deliveryAfterClose('blocked: not here')).toMatchObject({ state: 'refused' });
    expect(deliveryAfterClose('connection failed')).toEqual({
      state: 'unreachable',
      reason: 'connection failed',
    });
    expect(deliveryAfterClose('relay connection closed')).toMatchObject({ state: 'unreachable' });
  });
});

describe('authSigner', () => {
  it('signs the AUTH template with the key, and refuses any other kind', async () => {
    const key = generateSecretKey();
    let signed = 0;
    const sign = authSigner(key, () => (signed += 1));
    const event = await sign(makeAuthEvent('wss://relay.test', 'challenge'));
    expect(verifyEvent(event)).toBe(true);
    expect(event.pubkey).toBe(getPublicKey(key));
    expect(event.kind).toBe(22242);
    expect(signed).toBe(1);
    await expect(sign({ kind: 1, content: 'x', tags: [], created_at: 1 })).rejects.toThrow();
    expect(signed).toBe(1);
  });
});

describe('RelayStatusBoard', () => {
  it('starts each relay at connecting, keeps the snapshot stable, ignores relays not listed', () => {
    const board = new RelayStatusBoard();
    let changes = 0;
    board.subscribe(() => (changes += 1));
    board.reset(['wss://a', 'wss://b']);
    const first = board.snapshot();
    expect(board.snapshot()).toBe(first);
    board.report('wss://a', { state: 'authenticated' });
    board.report('wss://gone', { state: 'connected' });
    expect(board.snapshot()).toEqual([
      { relay: 'wss://a', delivery: { state: 'authenticated' } },
      { relay: 'wss://b', delivery: { state: 'connecting' } },
    ]);
    expect(changes).toBe(2);
    board.reset([]);
    expect(board.snapshot()).toEqual([]);
  });
});
