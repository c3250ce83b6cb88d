// Animated QR codes read by the camera: frames made by the app's own encoder (ur-parts, what the
// animated QR shows) come back as the token, in any order, with frames lost or misread, in the
// upper case a QR's alphanumeric mode carries, and a second code after the first.
import { describe, expect, it } from 'vitest';
import { encodeWithdrawToken } from '../../core/wallet/withdraw/withdraw-token';
import nut00 from '../../conformance/vectors/nut00-tokens.json';
import { isUrFrame } from './ur-constants';
import { createUrPartSource, tokenToUrParts } from './ur-parts';
import { createUrAssembler, type UrRead } from './ur-scan';

/** A withdraw token of the NUT-00 proofs, repeated until it is about 2 KB (a real withdrawal). */
function bigToken(copies = 12): string {
  const { mint, proofs } = nut00.v4.multiKeyset.token;
  return encodeWithdrawToken(mint, Array.from({ length: copies }, () => proofs).flat());
}

function readAll(frames: string[]): UrRead[] {
  const assembler = createUrAssembler();
  return frames.map((frame) => assembler.receive(frame));
}

const texts = (reads: UrRead[]) => reads.flatMap((read) => (read.done ? [read.text] : []));

describe('reading an animated QR code', () => {
  it('puts a 2 KB token back together from its frames, its progress rising to the last', () => {
    const token = bigToken();
    const frames = tokenToUrParts(token);
    expect(frames.length).toBeGreaterThan(5);
    const reads = readAll(frames);
    const progress = reads.flatMap((read) => (read.done ? [] : [read.progress]));
    expect(progress).toHaveLength(frames.length - 1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeLessThan(1);
    expect(reads.at(-1)).toEqual({ done: true, text: token });
  });

  it('a token of one frame is read at once', () => {
    const token = nut00.v4.singleKeyset.serialized;
    const frames = tokenToUrParts(token, 1000);
    expect(frames).toHaveLength(1);
    expect(readAll(frames)).toEqual([{ done: true, text: token }]);
  });

  it('the fountain frames after a pass make up for frames the camera missed', () => {
    const token = bigToken();
    const source = createUrPartSource(token);
    const frames = Array.from({ length: source.fragmentCount * 4 }, () => source.next());
    const seen = frames.filter((_, i) => i >= source.fragmentCount || i % 2 === 0);
    // The animation goes on after it is whole: the same token may be read again (the scan
    // hands it on once).
    expect(texts(readAll(seen))[0]).toBe(token);
  });

  it('reads frames in upper case and frames read twice', () => {
    const token = bigToken(4);
    const frames = tokenToUrParts(token).flatMap((frame) => [frame, frame.toUpperCase()]);
    expect(texts(readAll(frames))).toEqual([token]);
  });

  it('a misread frame is skipped and the reading goes on', () => {
    const token = bigToken(4);
    const frames = tokenToUrParts(token);
    const broken = frames[1]!.replace(/[a-z]{2}$/, 'zz');
    const reads = readAll([frames[0]!, broken, ...frames.slice(1)]);
    expect(reads[1]).toEqual(reads[0]);
    expect(texts(reads)).toEqual([token]);
  });

  it('a second code under the camera starts over and is read whole', () => {
    const first = bigToken(4);
    const second = bigToken(6);
    const one = tokenToUrParts(first);
    const two = tokenToUrParts(second);
    // The customer swaps phones halfway through the first code.
    const reads = readAll([...one.slice(0, 2), ...two, ...one]);
    expect(texts(reads)).toEqual([second, first]);
  });

  it('tells animated frames from every other code', () => {
    expect(isUrFrame(tokenToUrParts(bigToken(4))[0]!)).toBe(true);
    expect(isUrFrame('UR:BYTES/1-3/LPADAX')).toBe(true);
    expect(isUrFrame(nut00.v4.singleKeyset.serialized)).toBe(false);
    expect(isUrFrame('lnbc10n1p0')).toBe(false);
  });
});
