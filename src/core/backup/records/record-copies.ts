// Which copy of one event a device keeps when two differ: the rule every device of the phrase
// applies alike, so they end with the same one (docs/protocol.md "Records on the relays").
import { globalId, type RecordEvent } from './record-event';

/** A received copy of an event: what it says, its digest, and the envelope it came in. */
export interface RecordCopy {
  /** the writing device's key (the envelope's certified author) */
  author: string;
  event: RecordEvent;
  /** recordDigest(event) */
  digest: string;
  /** created_at of the envelope that carried it */
  envelopeAt: number;
}

/** What a stored copy is compared by. */
export interface CopyMark {
  digest: string;
  envelopeAt: number;
}

/**
 * Whether `incoming` replaces `stored`. The same digest is the same event (a duplicate: kept
 * once). Two that differ: the one from the newer envelope wins, since the device only ever
 * replaces a batch with a newer one; envelopes of the same second, the larger digest.
 */
export function incomingWins(stored: CopyMark, incoming: CopyMark): boolean {
  if (incoming.digest === stored.digest) return false;
  if (incoming.envelopeAt !== stored.envelopeAt) return incoming.envelopeAt > stored.envelopeAt;
  return incoming.digest > stored.digest;
}

/** One copy per event id, the winner of each set of copies by `incomingWins`. */
export function winningCopies(copies: Iterable<RecordCopy>): Map<string, RecordCopy> {
  const winners = new Map<string, RecordCopy>();
  for (const copy of copies) {
    const id = globalId(copy.author, copy.event.id);
    const held = winners.get(id);
    if (!held || incomingWins(held, copy)) winners.set(id, copy);
  }
  return winners;
}
