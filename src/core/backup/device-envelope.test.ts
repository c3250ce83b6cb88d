// Device envelopes: only the phrase's identity key opens them, a certificate tells the phrase's
// devices from anyone who sealed to the public key, and nothing malformed opens.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import {
  certifyDevice,
  DEVICE_ENVELOPE_MAX_BYTES,
  EnvelopeTooLargeError,
  envelopeName,
  openEnvelope,
  sealEnvelope,
  type EnvelopeWriter,
} from './device-envelope';

const identity = generateSecretKey();
const device = generateSecretKey();
const writer: EnvelopeWriter = {
  deviceSecretKey: device,
  identityPubkey: getPublicKey(identity),
  certificate: certifyDevice(identity, getPublicKey(device)),
};

describe('device envelopes', () => {
  it('are opened by the identity key with their body, author and certificate', () => {
    const event = sealEnvelope(
      writer,
      envelopeName('records', 'a1'),
      { sales: [21] },
      1_700_000_000,
    );
    const opened = openEnvelope(identity, event);
    expect(opened).toEqual({
      name: 'cashew-pos/records/a1',
      author: getPublicKey(device),
      createdAt: 1_700_000_000,
      certified: true,
      body: { sales: [21] },
    });
    // What a relay sees: the recipient and the name, never the body.
    expect(event.content).not.toContain('sales');
    expect(event.tags).toContainEqual(['p', getPublicKey(identity)]);
  });

  it('are not opened by another key, and not when altered', () => {
    // As a relay hands it over: plain JSON (nostr-tools marks events it signed as verified).
    const event = JSON.parse(
      JSON.stringify(sealEnvelope(writer, envelopeName('records', 'a1'), { sales: [21] }, 1)),
    ) as ReturnType<typeof sealEnvelope>;
    expect(openEnvelope(generateSecretKey(), event)).toBeUndefined();
    expect(
      openEnvelope(identity, { ...event, content: event.content.slice(0, -4) + 'AAAA' }),
    ).toBeUndefined();
    expect(openEnvelope(identity, { ...event, created_at: 2 })).toBeUndefined();
  });

  it('from a stranger who sealed to the public key open uncertified', () => {
    const stranger = generateSecretKey();
    const forged = sealEnvelope(
      // A certificate copied from a real device does not vouch for another key.
      { ...writer, deviceSecretKey: stranger },
      envelopeName('records', 'x'),
      { sales: [1_000_000] },
      1,
    );
    expect(openEnvelope(identity, forged)?.certified).toBe(false);
    const selfMade = sealEnvelope(
      {
        deviceSecretKey: stranger,
        identityPubkey: getPublicKey(identity),
        certificate: certifyDevice(generateSecretKey(), getPublicKey(stranger)),
      },
      envelopeName('records', 'y'),
      {},
      1,
    );
    expect(openEnvelope(identity, selfMade)?.certified).toBe(false);
  });

  it('refuse a body over the limit, so the caller splits it', () => {
    const big = 'x'.repeat(DEVICE_ENVELOPE_MAX_BYTES);
    expect(() => sealEnvelope(writer, envelopeName('records', 'big'), big, 1)).toThrow(
      EnvelopeTooLargeError,
    );
    const fits = 'x'.repeat(DEVICE_ENVELOPE_MAX_BYTES - 400);
    const event = sealEnvelope(writer, envelopeName('records', 'fits'), fits, 1);
    // Under 56 KB as JSON: relays with a 64 KiB limit take it.
    expect(JSON.stringify(event).length).toBeLessThan(56_000);
  });
});
