// The inbox's judgement of a message before anything is stored: strangers dropped quietly when
// pairing is required, only an accepted mint, and never a quote locked to another key.
import { describe, expect, it } from 'vitest';
import { judgeMessage, judgeSender, type PairingCheck } from './message-judgement';
import { newPairingSecret, pairingKey, provePairing } from '../pairing';
import type { PaymentMessage } from '../payment-message';
import {
  FIXTURE_MINT as MINT,
  paymentMessageFixture,
} from '../../../testing/remote-payments/payment-message-fixture';

const OLD_MINT = 'https://old.mint.example';
const LOCK = `02${'ab'.repeat(32)}`;
const secret = newPairingSecret();

function paired(message: PaymentMessage, signed = false): PaymentMessage {
  return { ...message, pairing: provePairing(secret, message, signed) };
}

describe('judgeSender', () => {
  const message = paymentMessageFixture();
  const strict: PairingCheck = { secret, acceptUnpaired: false };

  it('without pairing settings, takes every sender', () => {
    expect(judgeSender(undefined, message)).toEqual({ kind: 'pass', strict: false, paired: false });
  });

  it('when pairing is required, drops a stranger quietly and counts it', () => {
    expect(judgeSender(strict, message)).toMatchObject({
      kind: 'refuse',
      refusal: 'unpaired',
      quiet: true,
      strict: true,
      paired: false,
    });
  });

  it('takes a message proving the secret, or signed by the link for a locked till', () => {
    expect(judgeSender(strict, paired(message))).toEqual({
      kind: 'pass',
      strict: true,
      paired: true,
    });
    const locked: PairingCheck = { verifyKey: pairingKey(secret), acceptUnpaired: false };
    expect(judgeSender(locked, paired(message, true))).toMatchObject({
      kind: 'pass',
      paired: true,
    });
    expect(judgeSender(locked, paired(message))).toMatchObject({ kind: 'refuse' });
  });

  it('refuses a proof made with another secret, or one whose message was changed', () => {
    const other = { ...message, pairing: provePairing(newPairingSecret(), message) };
    expect(judgeSender(strict, other)).toMatchObject({ kind: 'refuse', refusal: 'unpaired' });
    const changed = { ...paired(message), amount: message.amount + 1 };
    expect(judgeSender(strict, changed)).toMatchObject({ kind: 'refuse', refusal: 'unpaired' });
  });

  it('with unpaired links accepted, takes a stranger, not strict', () => {
    expect(judgeSender({ secret, acceptUnpaired: true }, message)).toEqual({
      kind: 'pass',
      strict: false,
      paired: false,
    });
  });
});

describe('judgeMessage', () => {
  it('accepts an unlocked quote or one locked to the merchant, at the accepted mint’s spelling', () => {
    const message = paymentMessageFixture({ mint: `${OLD_MINT}/` });
    expect(judgeMessage(message, true, [MINT, OLD_MINT], LOCK)).toEqual({
      kind: 'accept',
      mintUrl: OLD_MINT,
    });
    const locked = paymentMessageFixture({ pubkey: LOCK });
    expect(judgeMessage(locked, false, [MINT], LOCK)).toEqual({ kind: 'accept', mintUrl: MINT });
  });

  it('refuses another mint and counts it; quiet only when strict', () => {
    const message = paymentMessageFixture({ mint: 'https://mint.evil.example' });
    expect(judgeMessage(message, false, [MINT], LOCK)).toEqual({
      kind: 'refuse',
      refusal: 'mint',
      quiet: false,
      reason: 'quote is for another mint',
    });
    expect(judgeMessage(message, true, [MINT], LOCK)).toMatchObject({
      refusal: 'mint',
      quiet: true,
    });
  });

  it('takes a quote in another unit than the till’s, marked, since it is locked to this till (0115)', () => {
    const usd = paymentMessageFixture({ unit: 'usd', amount: 250 });
    expect(judgeMessage(usd, true, [MINT], LOCK, 'usd')).toEqual({ kind: 'accept', mintUrl: MINT });
    expect(judgeMessage(usd, true, [MINT], LOCK)).toEqual({
      kind: 'accept',
      mintUrl: MINT,
      otherUnit: true,
    });
    const sat = paymentMessageFixture();
    expect(judgeMessage(sat, true, [MINT], LOCK, 'usd')).toEqual({
      kind: 'accept',
      mintUrl: MINT,
      otherUnit: true,
    });
    // Another unit changes nothing else: another mint or another key is still refused.
    expect(judgeMessage(usd, false, ['http://other'], LOCK, 'eur')).toMatchObject({
      kind: 'refuse',
      refusal: 'mint',
    });
    const lockedElsewhere = paymentMessageFixture({ unit: 'usd', pubkey: `03${'cd'.repeat(32)}` });
    expect(judgeMessage(lockedElsewhere, false, [MINT], LOCK, 'sat')).toMatchObject({
      kind: 'refuse',
      reason: 'quote is locked to another key',
    });
  });

  it('refuses a quote locked to another key, without counting it', () => {
    const message = paymentMessageFixture({ pubkey: `02${'cd'.repeat(32)}` });
    expect(judgeMessage(message, false, [MINT], LOCK)).toEqual({
      kind: 'refuse',
      quiet: false,
      reason: 'quote is locked to another key',
    });
  });

  it('refuses every mint when none is accepted', () => {
    expect(judgeMessage(paymentMessageFixture(), true, [], LOCK)).toMatchObject({
      kind: 'refuse',
      refusal: 'mint',
    });
  });
});
