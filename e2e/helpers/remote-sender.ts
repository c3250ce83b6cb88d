// A test-side remote cashier: creates quotes at the dev mint locked to the merchant, writes the
// payment message (with or without the pairing proof and a receipt key), gift-wraps it with
// nostr-tools (optionally back-dated to a chosen created_at) and publishes it on the relay.
import type { APIRequestContext } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import { generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import WebSocket from 'ws';
import { giftWrapAt } from '../../dev/relay/pinned-wrap';
import {
  MERCHANT_PROFILE_KIND,
  newestEvent,
  parseMerchantProfile,
} from '../../src/core/remote-payments/merchant-profile';
import { decodePairingSecret, provePairing } from '../../src/core/remote-payments/pairing';
import {
  serializePaymentMessage,
  type PaymentMessage,
} from '../../src/core/remote-payments/payment-message';

useWebSocketImplementation(WebSocket);

export interface MintQuote {
  quote: string;
  request: string;
  amount: number;
  expiry: number | null;
}

/** POST /v1/mint/quote/bolt11 at the mint, NUT-20 locked to `02` + the merchant's key. */
export async function lockedQuote(
  request: APIRequestContext,
  mintUrl: string,
  amount: number,
  merchantPubkeyHex: string,
): Promise<MintQuote> {
  const response = await request.post(`${mintUrl}/v1/mint/quote/bolt11`, {
    data: { amount, unit: 'sat', pubkey: `02${merchantPubkeyHex}` },
  });
  if (!response.ok()) throw new Error(`quote failed: ${response.status()}`);
  return { ...(await response.json()), amount };
}

/** The pairing secret of a Connect link (its `#pair=` fragment). */
export function linkSecret(link: string): Uint8Array {
  const pair = new URLSearchParams(new URL(link).hash.slice(1)).get('pair');
  const secret = pair ? decodePairingSecret(pair) : undefined;
  if (!secret) throw new Error(`no pairing secret in ${link}`);
  return secret;
}

/** A payment message for the quote; proven with `secret` when given. */
export function saleMessage(
  mintUrl: string,
  quote: MintQuote,
  merchantPubkeyHex: string,
  options: { secret?: Uint8Array; receipt?: string } = {},
): PaymentMessage {
  const message: PaymentMessage = {
    quote: quote.quote,
    amount: quote.amount,
    request: quote.request,
    unit: 'sat',
    mint: mintUrl,
    pubkey: `02${merchantPubkeyHex}`,
    expiry: quote.expiry,
    ...(options.receipt ? { receipt: options.receipt } : {}),
  };
  if (options.secret) message.pairing = provePairing(options.secret, message);
  return message;
}

/** A NIP-59 gift wrap of the message to the merchant, with a pinned created_at when given. */
export function giftWrap(
  message: PaymentMessage,
  merchantPubkeyHex: string,
  createdAt = Math.floor(Date.now() / 1000),
): NostrEvent {
  return giftWrapAt(
    serializePaymentMessage(message),
    generateSecretKey(),
    merchantPubkeyHex,
    createdAt,
  );
}

/** Publishes each event and waits for the relay's OK. */
export async function publish(relayUrl: string, events: NostrEvent[]): Promise<void> {
  const pool = new SimplePool();
  try {
    for (const event of events) await Promise.any(pool.publish([relayUrl], event));
  } finally {
    pool.close([relayUrl]);
  }
}

/** Every event the relay keeps for the filter. */
export async function query(
  relayUrl: string,
  filter: Parameters<SimplePool['querySync']>[1],
): Promise<NostrEvent[]> {
  const pool = new SimplePool();
  try {
    return await pool.querySync([relayUrl], filter);
  } finally {
    pool.close([relayUrl]);
  }
}

/** A fresh receipt key pair for one sale, as a cashier makes it. */
export function receiptKey(): { secretKey: Uint8Array; pubkey: string } {
  const secretKey = generateSecretKey();
  return { secretKey, pubkey: getPublicKey(secretKey) };
}

/**
 * Waits until the merchant's signed profile (kind 10019, the mints cashiers may sell on) is on
 * the relay: a cashier opened before it finds no merchant. The merchant's start-up publishes it.
 */
export async function merchantProfilePublished(relayUrl: string, npub: string): Promise<void> {
  const pubkey = decode(npub as `npub1${string}`).data as string;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const events = await query(relayUrl, { kinds: [MERCHANT_PROFILE_KIND], authors: [pubkey] });
    if (events.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The merchant never published its profile');
}

/**
 * The sales inbox key (x-only hex) the merchant's published profile names, once it is on the
 * relay: cashiers send sales and lock quotes to it (decision 0030, point 7).
 */
export async function merchantInboxKey(relayUrl: string, pubkeyHex: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const events = await query(relayUrl, { kinds: [MERCHANT_PROFILE_KIND], authors: [pubkeyHex] });
    const newest = newestEvent(events);
    const inbox = newest ? parseMerchantProfile(newest)?.inbox : undefined;
    if (inbox) return inbox;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The merchant never published a profile naming its sales inbox key');
}
