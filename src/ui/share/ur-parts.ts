// BC-UR `ur:bytes` framing of a token for animated QR codes (fragment length 200:
// docs/protocol.md "Withdrawal").
import { UR, UREncoder } from '@gandlaf21/bc-ur';
import { UR_FRAGMENT_LENGTH } from './ur-constants';

export { UR_FRAGMENT_LENGTH };

export interface UrPartSource {
  /** Number of pure fragments; a scanner needs at least this many frames. */
  readonly fragmentCount: number;
  /** The next frame: pure fragments first, then fountain parts that cover lost frames. */
  next(): string;
}

/** An endless frame source for a token (UTF-8 bytes wrapped as UR type `bytes`). */
export function createUrPartSource(
  token: string,
  fragmentLength: number = UR_FRAGMENT_LENGTH,
): UrPartSource {
  const encoder = new UREncoder(UR.from(token), fragmentLength, 0);
  return {
    fragmentCount: encoder.fragmentsLength,
    next: () => encoder.nextPart(),
  };
}

/** The first `count` frames (default: exactly one pass over the pure fragments). */
export function tokenToUrParts(
  token: string,
  fragmentLength: number = UR_FRAGMENT_LENGTH,
  count?: number,
): string[] {
  const source = createUrPartSource(token, fragmentLength);
  const total = count ?? source.fragmentCount;
  return Array.from({ length: total }, () => source.next());
}
