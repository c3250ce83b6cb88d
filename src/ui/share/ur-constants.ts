// BC-UR constants and the frame test, kept apart from ur-parts.ts and ur-scan.ts so importing them
// pulls in neither the encoder nor the decoder.
export const UR_FRAGMENT_LENGTH = 200;

/** A frame of an animated QR code (or a single-part UR), as wallets show larger tokens. */
export function isUrFrame(code: string): boolean {
  return /^ur:/i.test(code.trim());
}
