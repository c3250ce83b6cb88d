// The locked-sale envelope: only the phrase opens what restores the sale, a tombstone replaces
// it, and a body whose outputs do not make their blinded messages is refused.
import { OutputData } from '@cashu/cashu-ts';
import * as nip44 from 'nostr-tools/nip44';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import type { PlainLockedOutput } from '../wallet/mint/ports';
import { SalesOpener, SalesSealer, type SealedBox } from '../lock';
import { certifyDevice, openEnvelope, sealEnvelope, type EnvelopeWriter } from './device-envelope';
import {
  lockedSaleEnvelopeId,
  lockedSaleOf,
  lockedSaleTombstone,
  sealLockedSale,
  type LockedSale,
} from './locked-sale-envelope';

const KEYSET = '00ad268c4d1f5826';

function outputs(...amounts: number[]): PlainLockedOutput[] {
  return amounts.map((amount) =>
    OutputData.serialize(OutputData.createSingleRandomData(amount, KEYSET)),
  );
}

function phrase() {
  const identityKey = generateSecretKey();
  const deviceSecretKey = generateSecretKey();
  const writer: EnvelopeWriter = {
    deviceSecretKey,
    identityPubkey: getPublicKey(identityKey),
    certificate: certifyDevice(identityKey, getPublicKey(deviceSecretKey)),
  };
  return { identityKey, writer };
}

function sale(plain: PlainLockedOutput[], amount = 5): LockedSale {
  return {
    source: 'quote',
    ref: 'quote-123',
    mintUrl: 'https://mint.example.com/',
    amount,
    keysetId: KEYSET,
    outputs: plain,
  };
}

describe('a locked-sale envelope', () => {
  it('opens for the phrase into the journal that was sealed, certified, without the quote id in sight', () => {
    const { identityKey, writer } = phrase();
    const plain = outputs(4, 1);
    const event = sealLockedSale(writer, sale(plain), 1_000);

    const opened = openEnvelope(identityKey, event)!;
    expect(opened.name).toBe(
      `cashew-pos/locked-sale/${lockedSaleEnvelopeId('quote', 'quote-123')}`,
    );
    expect(JSON.stringify(event)).not.toContain('quote-123');
    expect(lockedSaleOf(identityKey, opened)).toMatchObject({
      mintUrl: 'https://mint.example.com',
      amount: 5,
      quote: 'quote-123',
      certified: true,
      journal: { keysetId: KEYSET, outputs: plain.map(({ ephemeralE: _, ...o }) => o) },
    });
  });

  it('names the quote of a Lightning sale only, and only an id fit for the mint’s URL', () => {
    const { identityKey, writer } = phrase();
    const open = (event: ReturnType<typeof sealLockedSale>) =>
      lockedSaleOf(identityKey, openEnvelope(identityKey, event)!);
    const ecash = open(sealLockedSale(writer, { ...sale(outputs(4, 1)), source: 'ecash' }, 1_000));
    expect(ecash).toMatchObject({ amount: 5 });
    expect(ecash).not.toHaveProperty('quote');
    const odd = open(sealLockedSale(writer, { ...sale(outputs(4, 1)), ref: '../swap' }, 1_000));
    expect(odd).toMatchObject({ amount: 5 });
    expect(odd).not.toHaveProperty('quote');
  });

  it('holds no secret or blinding factor the device key can read', () => {
    const { writer } = phrase();
    const plain = outputs(2);
    const event = sealLockedSale(writer, sale(plain, 2), 1_000);
    // NIP-44 is symmetric: the writing device key opens the outer layer, but not the sale.
    const key = nip44.v2.utils.getConversationKey(writer.deviceSecretKey, writer.identityPubkey);
    const outer = nip44.v2.decrypt(event.content, key);
    const secret = new TextDecoder().decode(Buffer.from(plain[0]!.secret, 'hex'));
    expect(outer).not.toContain(secret);
    expect(outer).not.toContain(BigInt(plain[0]!.blindingFactor).toString(16));
    expect(outer).not.toContain(plain[0]!.blindedMessage.B_);
  });

  it('is replaced by its tombstone, dated after it whatever the clock says', () => {
    const { identityKey, writer } = phrase();
    const backup = sealLockedSale(writer, sale(outputs(4, 1)), 2_000);
    const tombstone = lockedSaleTombstone(writer, backup, 1_500);
    expect(tombstone.created_at).toBe(2_001);
    expect(tombstone.tags).toEqual(backup.tags);
    expect(lockedSaleOf(identityKey, openEnvelope(identityKey, tombstone)!)).toBe('removed');
  });

  it('is refused when an output’s secret and blinding factor do not make its B_', () => {
    const { identityKey, writer } = phrase();
    const [a, b] = outputs(4, 1);
    const swapped = { ...a!, blindedMessage: b!.blindedMessage };
    const event = sealLockedSale(writer, sale([swapped, b!]), 1_000);
    expect(lockedSaleOf(identityKey, openEnvelope(identityKey, event)!)).toBeUndefined();
  });

  it('is refused when its outputs do not add up to its amount', () => {
    const { identityKey, writer } = phrase();
    const event = sealLockedSale(writer, sale(outputs(4, 1), 6), 1_000);
    expect(lockedSaleOf(identityKey, openEnvelope(identityKey, event)!)).toBeUndefined();
  });

  it('is refused when its body is not a sealed sale', () => {
    const { identityKey, writer } = phrase();
    const name = `cashew-pos/locked-sale/${lockedSaleEnvelopeId('quote', 'x')}`;
    for (const body of [{ sealed: 'nope' }, 'text', { sealed: { k: 'a', c: 'b' } }]) {
      const opened = openEnvelope(identityKey, sealEnvelope(writer, name, body, 1_000))!;
      expect(lockedSaleOf(identityKey, opened)).toBeUndefined();
    }
  });

  it('carries the unit of a sale taken in dollars, and reads a body naming none as sats', () => {
    const { identityKey, writer } = phrase();
    const open = (event: ReturnType<typeof sealLockedSale>) =>
      lockedSaleOf(identityKey, openEnvelope(identityKey, event)!);
    const dollars = sealLockedSale(writer, { ...sale(outputs(256, 64, 32), 352), unit: 'usd' }, 1);
    expect(open(dollars)).toMatchObject({ amount: 352, unit: 'usd' });
    expect(open(sealLockedSale(writer, sale(outputs(4, 1)), 1))).toMatchObject({ unit: 'sat' });

    // An envelope written before units: its body has no unit field at all.
    const opened = openEnvelope(identityKey, sealLockedSale(writer, sale(outputs(4, 1)), 1))!;
    const sealed = (opened.body as { sealed: SealedBox }).sealed;
    const { unit: _, ...older } = JSON.parse(new SalesOpener(identityKey).open(sealed)) as {
      unit: string;
    };
    const resealed = new SalesSealer(writer.identityPubkey).seal(JSON.stringify(older));
    const before = sealEnvelope(writer, opened.name, { sealed: resealed }, 2);
    expect(open(before)).toMatchObject({ amount: 5, unit: 'sat' });
    // A unit this wallet cannot hold is no sale it can restore.
    const msat = new SalesSealer(writer.identityPubkey).seal(
      JSON.stringify({ ...older, unit: 'msat' }),
    );
    expect(open(sealEnvelope(writer, opened.name, { sealed: msat }, 3))).toBeUndefined();
  });

  it('sealed by a stranger opens uncertified', () => {
    const { identityKey } = phrase();
    const stranger: EnvelopeWriter = {
      deviceSecretKey: generateSecretKey(),
      identityPubkey: getPublicKey(identityKey),
    };
    const event = sealLockedSale(stranger, sale(outputs(4, 1)), 1_000);
    expect(lockedSaleOf(identityKey, openEnvelope(identityKey, event)!)).toMatchObject({
      certified: false,
      amount: 5,
    });
  });
});
