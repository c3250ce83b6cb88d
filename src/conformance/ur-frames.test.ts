// BC-UR framing of a withdraw token (ui/share/ur-parts, what the animated QR shows), decoded back by an
// independent implementation (@ngraveio/bc-ur): bytewords, CRC, and fountain parts that stand in
// for lost frames.
import { URDecoder } from '@ngraveio/bc-ur';
import { describe, expect, it } from 'vitest';
import { encodeWithdrawToken } from '../core/wallet/withdraw/withdraw-token';
import { UR_FRAGMENT_LENGTH, createUrPartSource, tokenToUrParts } from '../ui/share/ur-parts';
import nut00 from './vectors/nut00-tokens.json';
import { feedUntilComplete } from '../testing/ui/ur-decode';

/** A withdraw token of the NUT-00 proofs, repeated until it is about 2 KB (a real withdrawal). */
function bigWithdrawToken(): string {
  const { mint, proofs } = nut00.v4.multiKeyset.token;
  const many = Array.from({ length: 12 }, () => proofs).flat();
  return encodeWithdrawToken(mint, many);
}

function independentDecode(parts: Iterable<string>): string {
  const decoder = feedUntilComplete(new URDecoder(), parts);
  const ur = decoder.resultUR();
  expect(ur.type).toBe('bytes');
  return (ur.decodeCBOR() as Buffer).toString('utf8');
}

describe('UR frames of a cashuB token', () => {
  it('the NUT-00 vector token decodes back with the independent decoder', () => {
    const token = nut00.v4.singleKeyset.serialized;
    expect(independentDecode(tokenToUrParts(token))).toBe(token);
  });

  it('a token under one fragment is a single ur:bytes frame without sequence numbers', () => {
    const { mint, proofs } = nut00.v4.singleKeyset.token;
    const token = encodeWithdrawToken(mint, proofs).slice(0, 150);
    const parts = tokenToUrParts(token);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(/^ur:bytes\/[a-z]+$/);
    expect(independentDecode(parts)).toBe(token);
  });

  it('a 2 KB token makes multi-part frames of fragment length 200 that decode back', () => {
    const token = bigWithdrawToken();
    expect(token.length).toBeGreaterThan(1800);
    const parts = tokenToUrParts(token);
    const bytes = new TextEncoder().encode(token).length;
    expect(UR_FRAGMENT_LENGTH).toBe(200);
    expect(parts.length).toBe(Math.ceil((bytes + 3) / 200));
    parts.forEach((part, i) =>
      expect(part).toMatch(new RegExp(`^ur:bytes/${i + 1}-${parts.length}/[a-z]+$`)),
    );
    expect(independentDecode(parts)).toBe(token);
  });

  it('fountain frames after the pure ones replace lost frames', () => {
    const token = bigWithdrawToken();
    const source = createUrPartSource(token);
    const frames = Array.from({ length: source.fragmentCount * 4 }, () => source.next());
    // The scanner missed every third pure frame; it keeps reading the mixed frames that follow.
    const seen = frames.filter((_, i) => i >= source.fragmentCount || i % 3 !== 0);
    expect(independentDecode(seen)).toBe(token);
  });

  it('a frame with a changed byteword is rejected by the CRC, not decoded into another token', () => {
    const token = nut00.v4.singleKeyset.serialized;
    const [part] = tokenToUrParts(token);
    const body = part!.slice('ur:bytes/'.length);
    const changed = `ur:bytes/${body.slice(0, 8)}${body.slice(8, 10) === 'ae' ? 'ad' : 'ae'}${body.slice(10)}`;
    const decoder = new URDecoder();
    let accepted = true;
    try {
      accepted = decoder.receivePart(changed);
    } catch {
      accepted = false;
    }
    expect(accepted && decoder.isSuccess()).toBe(false);
  });
});
