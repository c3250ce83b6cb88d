// NIP-59 gift wraps through the functions the cashier sends with and the merchant's inbox reads
// with (core/remote-payments/gift-wrap): the spec's example wrap, a round trip, and the
// back-dating window the relays and the inbox's look-back must allow for.
import { hexToBytes } from '@noble/hashes/utils.js';
import * as nip44 from 'nostr-tools/nip44';
import * as nip59 from 'nostr-tools/nip59';
import { generateSecretKey, getPublicKey, verifyEvent, type NostrEvent } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { InvalidPaymentMessageError } from '../core/errors';
import {
  GIFT_WRAP_BACKDATE_SECONDS,
  INBOX_LOOKBACK_SECONDS,
} from '../core/remote-payments/constants';
import {
  readPaymentEvent,
  unwrapPaymentEvent,
  wrapPaymentMessage,
} from '../core/remote-payments/gift-wrap';
import {
  FIXTURE_MINT,
  paymentMessageFixture,
} from '../testing/remote-payments/payment-message-fixture';
import example from './vectors/nip59-example.json';

const TWO_DAYS = 2 * 24 * 60 * 60;
const MINT = FIXTURE_MINT;
const message = paymentMessageFixture({
  quote: 'quote-59',
  amount: 1000,
  request: 'lnbc10u1pconformance',
});

describe('NIP-59 example from the spec', () => {
  const recipient = hexToBytes(example.recipientSecretKeyHex);
  const wrap = example.wrap as NostrEvent;

  it('names the recipient and is signed by the ephemeral wrapper key', () => {
    expect(wrap.tags).toEqual([['p', getPublicKey(recipient)]]);
    expect(wrap.pubkey).toBe(getPublicKey(hexToBytes(example.wrapperSecretKeyHex)));
    expect(verifyEvent(wrap)).toBe(true);
  });

  it('opens to the example rumor, sealed by the author', () => {
    const rumor = nip59.unwrapEvent(wrap, recipient);
    expect(rumor).toMatchObject({
      kind: example.rumor.kind,
      content: example.rumor.content,
      pubkey: getPublicKey(hexToBytes(example.authorSecretKeyHex)),
      id: example.rumor.id,
    });
  });

  it('our inbox opens it and refuses it only because the rumor is not a chat message', () => {
    expect(() => unwrapPaymentEvent(wrap, recipient)).toThrow(/not a chat message/);
  });

  it('our inbox cannot open it with another key', () => {
    expect(() => unwrapPaymentEvent(wrap, generateSecretKey())).toThrow(/cannot decrypt/);
  });
});

describe('NIP-59 round trip through our wrap and unwrap', () => {
  const merchant = generateSecretKey();
  const merchantPub = getPublicKey(merchant);

  it('the merchant reads back exactly the message the cashier wrapped', () => {
    const cashier = generateSecretKey();
    const wrap = wrapPaymentMessage({
      senderSecretKey: cashier,
      recipientPubkeyHex: merchantPub,
      message,
    });
    expect(verifyEvent(wrap)).toBe(true);
    expect(wrap.pubkey).not.toBe(getPublicKey(cashier));
    expect(readPaymentEvent(wrap, merchant, { currentMintUrl: MINT })).toEqual(message);
    const rumor = unwrapPaymentEvent(wrap, merchant);
    expect(rumor.pubkey).toBe(getPublicKey(cashier));
    expect(rumor.kind).toBe(14);
  });

  it('a changed byte of the wrap content makes it unreadable, not a different message', () => {
    const wrap = wrapPaymentMessage({
      senderSecretKey: generateSecretKey(),
      recipientPubkeyHex: merchantPub,
      message,
    });
    const i = 60;
    const swapped = wrap.content[i] === 'A' ? 'B' : 'A';
    const tampered = {
      ...wrap,
      content: wrap.content.slice(0, i) + swapped + wrap.content.slice(i + 1),
    };
    expect(() => unwrapPaymentEvent(tampered, merchant)).toThrow(InvalidPaymentMessageError);
  });
});

describe('NIP-59 back-dating window', () => {
  const merchant = generateSecretKey();
  const merchantPub = getPublicKey(merchant);
  // Forty wraps take seconds on a busy machine: each date is checked against the clock around them.
  const before = Math.floor(Date.now() / 1000);
  const wraps = Array.from({ length: 40 }, () =>
    wrapPaymentMessage({
      senderSecretKey: generateSecretKey(),
      recipientPubkeyHex: merchantPub,
      message,
    }),
  );
  const now = Math.floor(Date.now() / 1000);

  it('our constant is the two days NIP-59 allows, and the inbox looks back further', () => {
    expect(GIFT_WRAP_BACKDATE_SECONDS).toBe(TWO_DAYS);
    expect(INBOX_LOOKBACK_SECONDS).toBeGreaterThan(GIFT_WRAP_BACKDATE_SECONDS);
  });

  it('every wrap and seal is dated within the last two days, never in the future', () => {
    for (const wrap of wraps) {
      const seal = JSON.parse(
        nip44.v2.decrypt(wrap.content, nip44.v2.utils.getConversationKey(merchant, wrap.pubkey)),
      ) as NostrEvent;
      for (const event of [wrap, seal]) {
        expect(event.created_at).toBeLessThanOrEqual(now + 1);
        expect(event.created_at).toBeGreaterThanOrEqual(before - TWO_DAYS - 1);
      }
    }
  });

  it('the dates really are randomised into the past, so since: now would miss them', () => {
    const backdated = wraps.filter((w) => w.created_at < now - 60);
    expect(backdated.length).toBeGreaterThan(wraps.length / 2);
  });

  it('the rumor carries the real time', () => {
    const rumor = unwrapPaymentEvent(wraps[0]!, merchant);
    expect(rumor.created_at).toBeGreaterThanOrEqual(before);
    // nostr-tools rounds the time to the nearest second, so it may read one above our floor.
    expect(rumor.created_at).toBeLessThanOrEqual(now + 1);
  });
});
