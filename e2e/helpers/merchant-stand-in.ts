// A merchant played from the test with nostr-tools (no merchant browser): its key, its kind 10019
// profile, the cashier messages the relay holds for it, and receipts back to a sale's key. Uses
// the app's own wire-format code (src/core/remote-payments), so it speaks exactly that format.
import type { NostrEvent } from 'nostr-tools/core';
import { npubEncode } from 'nostr-tools/nip19';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import WebSocket from 'ws';
import { unwrapPaymentEvent } from '../../src/core/remote-payments/gift-wrap';
import {
  merchantProfileTemplate,
  type MerchantProfile,
} from '../../src/core/remote-payments/merchant-profile';
import { encodePairingSecret } from '../../src/core/remote-payments/pairing';
import type { PaymentMessage } from '../../src/core/remote-payments/payment-message';
import { wrapReceipt, type SaleReceipt } from '../../src/core/remote-payments/receipt-message';

useWebSocketImplementation(WebSocket);

export interface StandInMerchant {
  secretKey: Uint8Array;
  pubkeyHex: string;
  npub: string;
}

export function standInMerchant(): StandInMerchant {
  const secretKey = generateSecretKey();
  const pubkeyHex = getPublicKey(secretKey);
  return { secretKey, pubkeyHex, npub: npubEncode(pubkeyHex) };
}

/** `/remote/{npub}` with the Connect screen's query (`mint`, one `relay` each) and `#pair=`. */
export function cashierLinkFor(
  appUrl: string,
  npub: string,
  options: { mintUrl?: string; relays?: string[]; pairingSecret?: Uint8Array } = {},
): string {
  const url = new URL(`/remote/${npub}`, appUrl);
  if (options.mintUrl) url.searchParams.set('mint', options.mintUrl);
  for (const relay of options.relays ?? []) url.searchParams.append('relay', relay);
  if (options.pairingSecret) url.hash = `pair=${encodePairingSecret(options.pairingSecret)}`;
  return url.href;
}

async function publish(relayUrl: string, event: NostrEvent): Promise<void> {
  const pool = new SimplePool();
  try {
    await Promise.any(pool.publish([relayUrl], event));
  } finally {
    pool.close([relayUrl]);
  }
}

export async function publishProfile(
  relayUrl: string,
  merchant: StandInMerchant,
  profile: MerchantProfile,
): Promise<void> {
  const template = merchantProfileTemplate(profile, Math.floor(Date.now() / 1000));
  await publish(relayUrl, finalizeEvent(template, merchant.secretKey));
}

/** A cashier message as the merchant reads it, with the id of the wrap that carried it. */
export interface ReceivedMessage {
  wrapId: string;
  message: PaymentMessage;
}

/** Every cashier message the relay holds for the merchant (wraps reach 2 days back and more). */
export async function messagesFor(
  relayUrl: string,
  merchant: StandInMerchant,
): Promise<ReceivedMessage[]> {
  const pool = new SimplePool();
  try {
    const wraps = await pool.querySync([relayUrl], {
      kinds: [1059],
      '#p': [merchant.pubkeyHex],
      since: Math.floor(Date.now() / 1000) - 3 * 24 * 3600,
    });
    return wraps.map((wrap) => ({
      wrapId: wrap.id,
      message: JSON.parse(unwrapPaymentEvent(wrap, merchant.secretKey).content) as PaymentMessage,
    }));
  } finally {
    pool.close([relayUrl]);
  }
}

/** The merchant's receipt for a sale, gift-wrapped to the key the cashier named in `receipt`. */
export async function sendReceipt(
  relayUrl: string,
  merchant: StandInMerchant,
  receiptPubkeyHex: string,
  receipt: SaleReceipt,
): Promise<void> {
  await publish(
    relayUrl,
    wrapReceipt({ merchantSecretKey: merchant.secretKey, receiptPubkeyHex, receipt }),
  );
}
