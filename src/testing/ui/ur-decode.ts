// Test helper: feeds animated-QR frames to a BC-UR decoder (either library's) until it has the
// whole message, which must have decoded.
import { expect } from 'vitest';

interface UrDecoderLike {
  receivePart(part: string): unknown;
  isComplete(): boolean;
  isSuccess(): boolean;
}

export function feedUntilComplete<D extends UrDecoderLike>(decoder: D, parts: Iterable<string>): D {
  for (const part of parts) {
    decoder.receivePart(part);
    if (decoder.isComplete()) break;
  }
  expect(decoder.isComplete()).toBe(true);
  expect(decoder.isSuccess()).toBe(true);
  return decoder;
}
