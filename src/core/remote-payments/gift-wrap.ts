// NIP-17 gift wrapping of payment messages (nostr-tools nip17/nip59) and the reverse.
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
 * Wraps a payment message for one recipient. The seal is signed with `senderSecretKey` (the
 * cashier passes a fresh random key per message) and the wrap with a key nostr-tools generates;
 * both timestamps are back-dated at random by up to two days, so `since: now` would miss them.
 */
export function wrapPaymentMessage(args: {
  senderSecretKey: Uint8Array;
  recipientPubkeyHex: string;
  message: PaymentMessage;
}): NostrEvent {
  return nip17.wrapEvent(
    args.senderSecretKey,
    { publicKey: args.recipientPubkeyHex },
    serializePaymentMessage(args.message),
  );
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
