// A customer's wallet outside the app paying a NUT-18 request (docs/protocol.md "Payment requests (NUT-18)"):
// proofs minted at the dev mint, the payload gift-wrapped (NIP-17) to the request's nprofile.
// Shared by dev/pay-request.ts and the e2e tests (e2e may import dev/, never the reverse).
import {
  PaymentRequest,
  PaymentRequestTransportType,
  Wallet,
  type CounterSource,
  type P2PKOptions,
  type Proof,
} from '@cashu/cashu-ts';
import { decode } from 'nostr-tools/nip19';
import * as nip17 from 'nostr-tools/nip17';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import { generateSecretKey, type NostrEvent } from 'nostr-tools/pure';
import WebSocket from 'ws';

useWebSocketImplementation(WebSocket);

export interface ReadRequest {
  id: string;
  amount: number;
  /** the unit the request asks for (readRequest: sat when it names none); absent: sat */
  unit?: string;
  mints: string[];
  pubkey: string;
  relays: string[];
  /** the request's locking field (NUT-10/11 P2PK) as cashu-ts locks outputs to it */
  lock?: P2PKOptions;
}

/** The parts of a `creqA`/`CREQB` request a payer needs; throws when it has no Nostr transport. */
export function readRequest(text: string): ReadRequest {
  const request = PaymentRequest.fromEncodedRequest(text.trim());
  const nostr = request.getTransport(PaymentRequestTransportType.NOSTR);
  const profile = decode(nostr?.target ?? '');
  if (profile.type !== 'nprofile') throw new Error('request has no nprofile');
  return {
    id: request.id ?? '',
    amount: request.amount?.toNumber() ?? 0,
    unit: request.unit ?? 'sat',
    mints: request.mints ?? [],
    pubkey: profile.data.pubkey,
    relays: profile.data.relays ?? [],
    ...(request.nut10 ? { lock: request.toP2PKOptions() } : {}),
  };
}

/** Asks the dev mint to pay its own invoice (POST /dev/pay/{quote}, dev/mint/README.md). */
export async function devMintPays(mintUrl: string, quoteId: string): Promise<void> {
  const response = await fetch(`${mintUrl}/dev/pay/${encodeURIComponent(quoteId)}`, {
    method: 'POST',
  });
  if (!response.ok) {
    throw new Error(`paying quote ${quoteId} failed: ${response.status} ${await response.text()}`);
  }
}

/** A payer's own NUT-13 seed and where its counters are kept; omitted: random outputs. */
export interface PayerSeed {
  seed: Uint8Array;
  counters: CounterSource;
}

/**
 * Mints `amount` sats (or cents of a fiat `unit`, e.g. `usd` at the dev mint) at `mintUrl` for the
 * customer: quote, paid by `pay`, minted; with `lock`, the outputs are locked as a request asks (a
 * wallet paying a locked request swaps into such outputs; minting them directly is the same ecash
 * for the merchant).
 */
export async function mintProofs(
  mintUrl: string,
  amount: number,
  pay: (quoteId: string) => Promise<void> = (quote) => devMintPays(mintUrl, quote),
  own?: PayerSeed,
  lock?: P2PKOptions,
  unit = 'sat',
): Promise<Proof[]> {
  const wallet = new Wallet(mintUrl, {
    unit,
    ...(own ? { bip39seed: own.seed, counterSource: own.counters } : {}),
  });
  await wallet.loadMint();
  const quote = await wallet.createMintQuoteBolt11(amount);
  await pay(quote.quote);
  return lock
    ? wallet.mintProofsBolt11(amount, quote.quote, undefined, { type: 'p2pk', options: lock })
    : wallet.mintProofsBolt11(amount, quote.quote);
}

/** The NUT-18 payload (any fields given override the request's), gift-wrapped to the merchant. */
export function payloadWrap(
  request: ReadRequest,
  payload: { id?: string; mint?: string; unit?: string; proofs: unknown },
): NostrEvent {
  const content = JSON.stringify({
    id: payload.id ?? request.id,
    mint: payload.mint ?? request.mints[0],
    unit: payload.unit ?? request.unit ?? 'sat',
    proofs: payload.proofs,
  });
  return nip17.wrapEvent(generateSecretKey(), { publicKey: request.pubkey }, content);
}

/** Publishes `event` on each relay; resolves once every relay has accepted it. */
export async function publishOn(relays: string[], event: NostrEvent): Promise<void> {
  const pool = new SimplePool();
  try {
    for (const relay of relays) await Promise.any(pool.publish([relay], event));
  } finally {
    pool.close(relays);
  }
}
