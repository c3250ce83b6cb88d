// E2E helper: a customer's wallet outside the app paying a NUT-18 request it read off the screen:
// proofs minted at the dev mint, the payload gift-wrapped (NIP-17) to the request's nprofile.
import { PaymentRequest, PaymentRequestTransportType, type Proof } from '@cashu/cashu-ts';
import { decode } from 'nostr-tools/nip19';
import * as nip17 from 'nostr-tools/nip17';
import { generateSecretKey } from 'nostr-tools/pure';
import { customerWallet } from './customer';
import { publish } from './remote-sender';

export interface ReadRequest {
  id: string;
  amount: number;
  mints: string[];
  pubkey: string;
  relays: string[];
}

export function readRequest(text: string): ReadRequest {
  const request = PaymentRequest.fromEncodedRequest(text);
  const nostr = request.getTransport(PaymentRequestTransportType.NOSTR);
  const profile = decode(nostr?.target ?? '');
  if (profile.type !== 'nprofile') throw new Error('request has no nprofile');
  return {
    id: request.id ?? '',
    amount: request.amount?.toNumber() ?? 0,
    mints: request.mints ?? [],
    pubkey: profile.data.pubkey,
    relays: profile.data.relays ?? [],
  };
}

/** Mints `amount` sats at `mintUrl` for the customer: quote, paid through the dev hook, minted. */
export async function customerProofs(
  mintUrl: string,
  amount: number,
  pay: (quoteId: string) => Promise<void>,
): Promise<Proof[]> {
  const wallet = await customerWallet(mintUrl);
  const quote = await wallet.createMintQuoteBolt11(amount);
  await pay(quote.quote);
  return wallet.mintProofsBolt11(amount, quote.quote);
}

/** Sends the payload (any fields given override the request's) on the request's relays. */
export async function sendPayload(
  request: ReadRequest,
  payload: { id?: string; mint?: string; proofs: unknown },
): Promise<void> {
  const content = JSON.stringify({
    id: payload.id ?? request.id,
    mint: payload.mint ?? request.mints[0],
    unit: 'sat',
    proofs: payload.proofs,
  });
  const wrap = nip17.wrapEvent(generateSecretKey(), { publicKey: request.pubkey }, content);
  for (const relay of request.relays) await publish(relay, [wrap]);
}
