// What kind of "could not be reached" a mint call met, so a screen can say what happened
// (docs/behaviour.md "Point of sale")..
// No runtime import of cashu-ts here: the keypad's first screen uses this, and cashu-ts loads
// only with the services (docs/performance.md).
import { MintUnreachableError } from '../errors';

/** 'failing': the mint answered with an HTTP error; 'no-answer': it timed out; 'network': no route. */
export type MintFailure =
  { kind: 'failing'; status: number } | { kind: 'no-answer' } | { kind: 'network' };

function httpStatusOf(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    // cashu-ts's HttpResponseError carries the reply's HTTP status.
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status)) return status;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** How a MintUnreachableError came about; undefined for any other error. */
export function describeMintFailure(error: unknown): MintFailure | undefined {
  if (!(error instanceof MintUnreachableError)) return undefined;
  const status = httpStatusOf(error);
  if (status !== undefined) return { kind: 'failing', status };
  if (/timed? ?out/i.test(error.message)) return { kind: 'no-answer' };
  return { kind: 'network' };
}
