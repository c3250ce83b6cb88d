// A NIP-59 gift wrap (kind 14 rumor, seal, kind 1059) whose created_at is pinned, for the relay's tests and the e2e remote sender.
import * as nip44 from 'nostr-tools/nip44';
import { createRumor, createSeal } from 'nostr-tools/nip59';
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure';

/** Wraps `content` from `senderSk` to `recipient` (hex); nostr-tools' own wrap randomises the time. */
export function giftWrapAt(
  content: string,
  senderSk: Uint8Array,
  recipient: string,
  createdAt: number,
): NostrEvent {
  const rumor = createRumor({ kind: 14, content, tags: [['p', recipient]] }, senderSk);
  const seal = createSeal(rumor, senderSk, recipient);
  const wrapperSk = generateSecretKey();
  const key = nip44.getConversationKey(wrapperSk, recipient);
  return finalizeEvent(
    {
      kind: 1059,
      created_at: createdAt,
      tags: [['p', recipient]],
      content: nip44.encrypt(JSON.stringify(seal), key),
    },
    wrapperSk,
  );
}
