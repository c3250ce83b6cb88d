// NIP-17 gift wrapping of payment messages and receipts (nostr-tools nip17/nip59) and the reverse.
import type { NostrEvent } from 'nostr-tools/core';
import * as nip17 from 'nostr-tools/nip17';
import { InvalidPaymentMessageError } from '../errors';
import { CHAT_MESSAGE_KIND, GIFT_WRAP_KIND } from './constants';
import {
  parsePaymentMessage,
  serializePaymentMessage,
  type PaymentMessage,
} from './payment-message';

/** The decrypted kind 14 event inside a gift wrap (unsigned, as NIP-59 intends). */
export interface PaymentRumor {
  id: string;
  kind: number;
  pubkey: string;
  created_at: number;
  tags: string[][];
  content: string;
}

/**
 * Wraps `content` as a chat message for one recipient. The seal is signed with `sealedBy` and the
 * wrap with a key nostr-tools generates; both timestamps are back-dated at random by up to two
 * days, so `since: now` would miss them.
 */
export function giftWrap(
  sealedBy: Uint8Array,
  recipientPubkeyHex: string,
  content: string,
): NostrEvent {
  return nip17.wrapEvent(sealedBy, { publicKey: recipientPubkeyHex }, content);
}

/** A payment message for one recipient; the cashier seals each with a fresh random key. */
export function wrapPaymentMessage(args: {
  senderSecretKey: Uint8Array;
  recipientPubkeyHex: string;
  message: PaymentMessage;
}): NostrEvent {
  const content = serializePaymentMessage(args.message);
  return giftWrap(args.senderSecretKey, args.recipientPubkeyHex, content);
}

/** Opens a gift wrap addressed to us; anything we cannot decrypt or that is not a chat rumor is invalid. */
export function unwrapPaymentEvent(
  event: NostrEvent,
  recipientSecretKey: Uint8Array,
): PaymentRumor {
  if (event.kind !== GIFT_WRAP_KIND) {
    throw new InvalidPaymentMessageError(
      `Invalid payment message: kind ${event.kind} is not a gift wrap`,
    );
  }
  let rumor: PaymentRumor;
  try {
    rumor = nip17.unwrapEvent(event, recipientSecretKey) as PaymentRumor;
  } catch (error) {
    throw new InvalidPaymentMessageError('Invalid payment message: cannot decrypt gift wrap', {
      cause: error,
    });
  }
  if (rumor === null || typeof rumor !== 'object' || rumor.kind !== CHAT_MESSAGE_KIND) {
    throw new InvalidPaymentMessageError(
      'Invalid payment message: sealed event is not a chat message',
    );
  }
  return rumor;
}

/** Unwraps and validates in one step: what the inbox does with every event it receives. */
export function readPaymentEvent(
  event: NostrEvent,
  recipientSecretKey: Uint8Array,
  context: { currentMintUrl?: string } = {},
): PaymentMessage {
  return parsePaymentMessage(unwrapPaymentEvent(event, recipientSecretKey).content, context);
}
