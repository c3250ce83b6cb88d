// BC-UR framing: parts decode back to the same token with the library's own decoder.
import { describe, expect, it } from 'vitest';
import { URDecoder } from '@gandlaf21/bc-ur';
import { createUrPartSource, tokenToUrParts } from './ur-parts';
import { feedUntilComplete } from '../../testing/ui/ur-decode';

function decode(parts: string[]): string {
  const decoder = feedUntilComplete(new URDecoder(), parts);
  // decodeCBOR gives raw bytes (a Uint8Array in the es6 build), so decode UTF-8 explicitly.
  return new TextDecoder().decode(decoder.resultUR().decodeCBOR());
}

// A cashu-like token of about 2 KB (the size of a typical withdraw token), with non-ASCII to check
// UTF-8.
const bigToken = 'cashuB' + 'o2FteBtodHRwczovL21pbnQuZXhhbXBsZS5jb20'.repeat(52) + '—ü';

describe('tokenToUrParts', () => {
  it('produces ur:bytes parts of a multi-part sequence', () => {
    const parts = tokenToUrParts(bigToken);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((part, index) => {
      expect(part).toMatch(new RegExp(`^ur:bytes/${index + 1}-${parts.length}/[a-z]+$`));
    });
  });

  it('round-trips a ~2 KB token through the bc-ur decoder', () => {
    expect(decode(tokenToUrParts(bigToken))).toBe(bigToken);
  });

  it('uses fragment length 200 by default: a 2 KB token needs about 11 parts', () => {
    const count = tokenToUrParts(bigToken).length;
    expect(count).toBe(Math.ceil((new TextEncoder().encode(bigToken).length + 3) / 200));
    expect(tokenToUrParts(bigToken, 100).length).toBeGreaterThan(count);
  });

  it('encodes a short token as a single part', () => {
    const parts = tokenToUrParts('cashuBshort');
    expect(parts).toHaveLength(1);
    expect(decode(parts)).toBe('cashuBshort');
  });

  it('returns the requested number of frames, continuing with fountain parts', () => {
    const parts = tokenToUrParts(bigToken, 200, 30);
    expect(parts).toHaveLength(30);
    expect(new Set(parts).size).toBe(30);
  });

  it('decodes from fountain parts alone when the pure fragments were missed', () => {
    const source = createUrPartSource(bigToken);
    const frames = Array.from({ length: source.fragmentCount * 4 }, () => source.next());
    expect(decode(frames.slice(source.fragmentCount))).toBe(bigToken);
  });
});
