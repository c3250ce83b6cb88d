// Animated (BC-UR) QR codes read by the camera: `ur:bytes` frames are gathered until the text they
// carry (a token, a payment request, a destination) is whole (docs/protocol.md "Withdrawal").
import { URDecoder } from '@gandlaf21/bc-ur';

export type UrRead = { done: false; progress: number } | { done: true; text: string };

export interface UrAssembler {
  /** Takes one frame; the text once every fragment is in, else how far along (0 to 1). */
  receive(frame: string): UrRead;
}

function decodedText(decoder: URDecoder): string | undefined {
  if (!decoder.isSuccess()) return undefined;
  const ur = decoder.resultUR();
  if (ur.type !== 'bytes') return undefined;
  return new TextDecoder().decode(ur.decodeCBOR());
}

export function createUrAssembler(): UrAssembler {
  let decoder = new URDecoder();
  const feed = (frame: string): boolean => {
    try {
      return decoder.receivePart(frame.trim().toLowerCase());
    } catch {
      // A frame misread by the camera (its CRC fails): the next one takes its place.
      return false;
    }
  };
  return {
    receive(frame) {
      // A frame of another code (its length or checksum differs) starts over with that code.
      if (!feed(frame) || decoder.isError()) {
        const before = decoder;
        decoder = new URDecoder();
        if (!feed(frame)) decoder = before.isError() ? decoder : before;
      }
      if (decoder.isComplete()) {
        const text = decodedText(decoder);
        decoder = new URDecoder();
        if (text !== undefined) return { done: true, text };
        return { done: false, progress: 0 };
      }
      return { done: false, progress: decoder.getProgress() };
    },
  };
}
