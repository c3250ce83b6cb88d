import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import * as nip17 from 'nostr-tools/nip17';
import { describe, expect, it } from 'vitest';
import { InvalidPaymentMessageError } from '../errors';
import { GIFT_WRAP_BACKDATE_SECONDS } from './constants';
import { readPaymentEvent, unwrapPaymentEvent, wrapPaymentMessage } from './gift-wrap';
import {
  FIXTURE_MINT,
  paymentMessageFixture,
} from '../../testing/remote-payments/payment-message-fixture';

const MINT = FIXTURE_MINT;
const message = paymentMessageFixture();

describe('gift wraps', () => {
  const merchant = generateSecretKey();
  const merchantPub = getPublicKey(merchant);
  /** The message wrapped for the merchant by `sender` (by default a fresh, unknown key). */
  const wrapFrom = (sender = generateSecretKey()) =>
    wrapPaymentMessage({ senderSecretKey: sender, recipientPubkeyHex: merchantPub, message });

  it('lets the recipient read the payment message', () => {
    const sender = generateSecretKey();
    const wrap = wrapFrom(sender);
    expect(wrap.kind).toBe(1059);
    expect(wrap.tags).toEqual([['p', merchantPub]]);
    const rumor = unwrapPaymentEvent(wrap, merchant);
    expect(rumor.kind).toBe(14);
    expect(rumor.pubkey).toBe(getPublicKey(sender));
    expect(readPaymentEvent(wrap, merchant, { currentMintUrl: MINT })).toEqual(message);
  });

  it('signs the wrap with a key other than the sender key', () => {
    const sender = generateSecretKey();
    const wrap = wrapFrom(sender);
    expect(wrap.pubkey).not.toBe(getPublicKey(sender));
  });

  it('back-dates the wrap by at most two days and never into the future', () => {
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 20; i++) {
      const wrap = wrapFrom();
      expect(wrap.created_at).toBeLessThanOrEqual(now + 1);
      expect(wrap.created_at).toBeGreaterThanOrEqual(now - GIFT_WRAP_BACKDATE_SECONDS - 1);
    }
  });

  it('refuses a third key: the wrap is not decryptable', () => {
    const wrap = wrapFrom();
    expect(() => unwrapPaymentEvent(wrap, generateSecretKey())).toThrow(InvalidPaymentMessageError);
  });

  it('rejects an event that is not a gift wrap', () => {
    const wrap = wrapFrom();
    expect(() => unwrapPaymentEvent({ ...wrap, kind: 4 }, merchant)).toThrow(
      InvalidPaymentMessageError,
    );
  });

  it('rejects a wrap whose content was tampered with', () => {
    const wrap = wrapFrom();
    const content = `${wrap.content.slice(0, 40)}${wrap.content[40] === 'A' ? 'B' : 'A'}${wrap.content.slice(41)}`;
    expect(() => unwrapPaymentEvent({ ...wrap, content }, merchant)).toThrow(
      InvalidPaymentMessageError,
    );
  });

  it('rejects a decryptable chat message that is not a payment message', () => {
    const wrap = nip17.wrapEvent(generateSecretKey(), { publicKey: merchantPub }, 'hello there');
    expect(() => readPaymentEvent(wrap, merchant, { currentMintUrl: MINT })).toThrow(
      InvalidPaymentMessageError,
    );
  });
});
