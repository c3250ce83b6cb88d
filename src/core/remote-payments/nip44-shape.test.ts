// The NIP-44 v2 shape check refuses only what nip44's decrypt would refuse, and passes every
// payload nip44 makes (issue 48).
import { describe, expect, it } from 'vitest';
import { v2 } from 'nostr-tools/nip44';
import { junkWraps } from '../../../dev/relay/junk-wraps';
import { nip44ShapeProblem } from './nip44-shape';

const KEY = new Uint8Array(32).fill(9);

/** base64 of `bytes` with the first byte set to `first` */
function payloadOf(length: number, first: number): string {
  const bytes = new Uint8Array(length).fill(65);
  bytes[0] = first;
  return Buffer.from(bytes).toString('base64');
}

describe('nip44ShapeProblem', () => {
  it('passes a payload of every plaintext length nip44 pads differently', () => {
    const lengths = [...Array.from({ length: 600 }, (_, i) => i + 1), 1_000, 4_097, 33_000, 65_535];
    for (const length of lengths) {
      const payload = v2.encrypt('x'.repeat(length), KEY);
      expect(nip44ShapeProblem(payload), `plaintext of ${length}`).toBeUndefined();
      expect(v2.decrypt(payload, KEY)).toHaveLength(length);
    }
  });

  it('refuses what nip44 refuses before its MAC: short, version sign, other versions', () => {
    const good = v2.encrypt('a sale', KEY);
    const cases = [good.slice(0, 100), `#${good.slice(1)}`, payloadOf(99 + 32, 1)];
    for (const payload of cases) {
      expect(nip44ShapeProblem(payload)).toBeDefined();
      expect(() => v2.decrypt(payload, KEY)).toThrow();
    }
  });

  it('refuses a version 2 payload whose ciphertext no plaintext pads to', () => {
    // 1 + 32 + (2 + 33) + 32: a ciphertext of 35 bytes, where a padded one is 34 or 66.
    const payload = payloadOf(100, 2);
    expect(nip44ShapeProblem(payload)).toMatch(/padded length/);
    expect(() => v2.decrypt(payload, KEY)).toThrow();
  });

  it("refuses every one of the bench's junk wraps", () => {
    for (const wrap of junkWraps('ab'.repeat(32), 200)) {
      expect(nip44ShapeProblem(wrap.content)).toBeDefined();
    }
  });
});
