// Seeds a relay with a NIP-87 recommendation of the local mint, so mint discovery finds it offline.
import { hexToBytes } from '@noble/hashes/utils.js';
import { AbstractRelay } from 'nostr-tools/abstract-relay';
import { finalizeEvent, getPublicKey, verifyEvent, type NostrEvent } from 'nostr-tools/pure';
import WebSocket from 'ws';

/** Fixed, public dev-only key: recommendations signed by it are trusted by nobody but local runs. */
export const DEV_RECOMMENDER_SECRET_KEY =
  'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee01';
export const DEV_RECOMMENDER_PUBKEY = getPublicKey(hexToBytes(DEV_RECOMMENDER_SECRET_KEY));

export const RECOMMENDATION_KIND = 38000;
export const CASHU_MINT_INFO_KIND = 38172;

export type SeedOptions = {
  /** Hex secret key of the recommender. Default: the fixed dev key. */
  secretKey?: string;
  /** Review text in the '[score/5] comment' form. */
  content?: string;
  /** The 'd' identifier of the recommendation. Default: the mint URL. */
  identifier?: string;
  /** Unix seconds. Default now. */
  createdAt?: number;
  /** Connection and publish timeout. Default 5000 ms. */
  timeoutMs?: number;
};

/** Publishes a kind 38000 recommendation of mintUrl and resolves with it once the relay says OK. */
export async function seedMintRecommendation(
  relayUrl: string,
  mintUrl: string,
  options: SeedOptions = {},
): Promise<NostrEvent> {
  const event = finalizeEvent(
    {
      kind: RECOMMENDATION_KIND,
      created_at: options.createdAt ?? Math.floor(Date.now() / 1000),
      tags: [
        ['k', String(CASHU_MINT_INFO_KIND)],
        ['d', options.identifier ?? mintUrl],
        ['u', mintUrl],
      ],
      content: options.content ?? '[5/5] local development mint',
    },
    hexToBytes(options.secretKey ?? DEV_RECOMMENDER_SECRET_KEY),
  );
  // Node 20 has no global WebSocket; passing ws here avoids changing nostr-tools' global default.
  const relay = new AbstractRelay(relayUrl, {
    verifyEvent,
    websocketImplementation: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  const timeout = options.timeoutMs ?? 5000;
  relay.publishTimeout = timeout;
  try {
    await relay.connect({ timeout });
    await relay.publish(event);
  } finally {
    relay.close();
  }
  return event;
}
