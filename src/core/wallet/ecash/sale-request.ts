// A sale offered as a NUT-18 payment request: amount in the till's unit, the mints the merchant takes, a
// single-use id, the shop's name, and a Nostr (NIP-17) transport to the merchant's key and relays.
import { formatSats } from '../../format-sats';
import { SAT, unitDecimals, type Unit } from '../../units/unit';
import { PaymentRequest, PaymentRequestTransportType } from '@cashu/cashu-ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import * as nip19 from 'nostr-tools/nip19';

export interface SaleRequestInput {
  /** single-use id tied to the sale (see `newRequestId`) */
  id: string;
  /** in `unit`'s minor units: sats, or cents of a fiat unit */
  amount: number;
  /** the unit the sale is charged in (NUT-18 `u`); absent: sat */
  unit?: Unit;
  /** the mints whose ecash the merchant takes */
  mints: string[];
  shopName: string;
  /** the merchant's Nostr public key, hex */
  merchantPubkey: string;
  /** the merchant's relays, where the payload is sent */
  relays: string[];
  /** the key (compressed hex) the proofs must be locked to (NUT-10/11 P2PK), when the mint checks it */
  lockPubkey?: string;
}

export interface EncodedSaleRequest {
  /** NUT-18 `creqA` (CBOR, base64url): what the app shows and copies by default */
  creqA: string;
  /** NUT-26 `CREQB` (TLV, bech32m), for wallets that read only that form */
  creqB: string;
}

/** A fresh single-use request id: 8 random bytes, hex. */
export function newRequestId(random: (bytes: Uint8Array) => Uint8Array = defaultRandom): string {
  return bytesToHex(random(new Uint8Array(8)));
}

function defaultRandom(bytes: Uint8Array): Uint8Array {
  return globalThis.crypto.getRandomValues(bytes);
}

/** What the customer's wallet shows as the request's description. */
export function saleDescription(shopName: string, amount: number, unit: Unit = SAT): string {
  const shop = shopName.trim();
  const decimals = unitDecimals(unit);
  const money =
    unit === SAT
      ? `${formatSats(amount)} sats`
      : `${(amount / 10 ** decimals).toFixed(decimals)} ${unit.toUpperCase()}`;
  return shop ? `${shop}: ${money}` : money;
}

/**
 * The request; NUT-18 tag ["n","17"] says the Nostr transport takes NIP-17 direct messages, and
 * the locking field (`nut10`, kind P2PK) asks for proofs only the merchant's key can spend.
 */
export function saleRequest(input: SaleRequestInput): PaymentRequest {
  const target = nip19.nprofileEncode({ pubkey: input.merchantPubkey, relays: input.relays });
  return new PaymentRequest(
    [{ type: PaymentRequestTransportType.NOSTR, target, tags: [['n', '17']] }],
    input.id,
    input.amount,
    input.unit ?? SAT,
    input.mints,
    saleDescription(input.shopName, input.amount, input.unit),
    true,
    input.lockPubkey ? { kind: 'P2PK', data: input.lockPubkey } : undefined,
  );
}

export function encodeSaleRequest(input: SaleRequestInput): EncodedSaleRequest {
  const request = saleRequest(input);
  return { creqA: request.toEncodedCreqA(), creqB: request.toEncodedCreqB() };
}
