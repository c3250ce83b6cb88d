// The device envelope of a sale taken while the till was locked (purpose `locked-sale`): what
// restores its random outputs, sealed once more to the identity key with a throw-away key, so
// only the phrase opens it (docs/protocol.md "Locked sales on the relays").
import { blindMessage } from '@cashu/cashu-ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Event as NostrEvent } from 'nostr-tools/core';
import { isSealedBox, SalesOpener, SalesSealer } from '../lock';
import type { LockedOutputs, PlainLockedOutput } from '../wallet/mint/ports';
import { mintUrlKey } from '../urls/normalise-url';
import { parseUnit, SAT, type Unit } from '../units/unit';
import {
  envelopeName,
  sealEnvelope,
  type EnvelopeWriter,
  type OpenedEnvelope,
} from './device-envelope';

export const LOCKED_SALE_PURPOSE = 'locked-sale';
/** The `t` tag every envelope of this purpose carries, tombstones too: what a restore asks for. */
export const LOCKED_SALE_TAG = 'cashew-pos/locked-sale';
const TAGS = [['t', LOCKED_SALE_TAG]];

/** Where the sale's journal lives on the device that took it. */
export type LockedSaleSource = 'quote' | 'ecash';

/** A sale's random outputs in plain, as they are made, before the journal is stored. */
export interface LockedSale {
  source: LockedSaleSource;
  /** the mint quote id, or the ecash receipt id (never published: the envelope id is a digest) */
  ref: string;
  mintUrl: string;
  /** what the outputs add up to, in the unit's minor units */
  amount: number;
  /** the unit of the outputs' keyset (the sale's); sat when absent */
  unit?: Unit;
  keysetId: string;
  outputs: PlainLockedOutput[];
}

/** One output as the sealed body carries it: the proof's secret and the blinding factor r. */
interface BodyOutput {
  amount: number;
  B_: string;
  secret: string;
  /** the blinding factor, 64 hex */
  r: string;
}

/** The sealed body's plaintext. */
interface SaleBody {
  v: 1;
  mint: string;
  /** the outputs' unit; bodies from before units say 'sat' (or, read leniently, nothing) */
  unit?: string;
  /** 'lightning': a mint quote minted while locked; 'ecash': a customer's ecash swapped while locked */
  via: 'lightning' | 'ecash';
  amount: number;
  keyset: string;
  outputs: BodyOutput[];
  /** 'lightning': the mint quote id, so a restore can mint a quote paid but never minted */
  quote?: string;
}

/** A sale found in an envelope, checked, as a plain journal NUT-09 restores. */
export interface LockedSaleFound {
  mintUrl: string;
  /** in the unit's minor units */
  amount: number;
  /** the unit the envelope names (sat for one that names none); the keyset's unit decides */
  unit: Unit;
  journal: LockedOutputs;
  /** the mint quote a Lightning sale's outputs are for, when the envelope names it */
  quote?: string;
  /** whether one of the phrase's devices wrote it (its certificate verified) */
  certified: boolean;
  /** the envelope's author and name, for the log */
  author: string;
  name: string;
}

/** The envelope id: a digest, so relays see neither the quote id nor a customer's proof secret. */
export function lockedSaleEnvelopeId(source: LockedSaleSource, ref: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${source}:${ref}`)));
}

const textOf = (hex: string) => new TextDecoder().decode(hexToBytes(hex));

function bodyOf(sale: LockedSale): SaleBody {
  return {
    v: 1,
    mint: sale.mintUrl,
    unit: sale.unit ?? SAT,
    via: sale.source === 'quote' ? 'lightning' : 'ecash',
    amount: sale.amount,
    keyset: sale.keysetId,
    outputs: sale.outputs.map((o) => ({
      amount: Number(o.blindedMessage.amount),
      B_: o.blindedMessage.B_,
      secret: textOf(o.secret),
      r: BigInt(o.blindingFactor).toString(16).padStart(64, '0'),
    })),
    ...(sale.source === 'quote' ? { quote: sale.ref } : {}),
  };
}

/**
 * The envelope of a sale: its body sealed with a fresh key to the identity key (the device key
 * alone cannot open it: NIP-44 from the device key would let it), then the device envelope.
 */
export function sealLockedSale(
  writer: EnvelopeWriter,
  sale: LockedSale,
  createdAt: number,
): NostrEvent {
  const sealed = new SalesSealer(writer.identityPubkey).seal(JSON.stringify(bodyOf(sale)));
  return sealEnvelope(
    writer,
    envelopeName(LOCKED_SALE_PURPOSE, lockedSaleEnvelopeId(sale.source, sale.ref)),
    { sealed },
    createdAt,
    TAGS,
  );
}

/** The envelope published again with an empty body: relays replace the backup with it. */
export function lockedSaleTombstone(
  writer: EnvelopeWriter,
  backup: NostrEvent,
  createdAt: number,
): NostrEvent {
  const name = backup.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  // Dated after the backup, whatever the clock says: a relay keeps only the newer one.
  return sealEnvelope(writer, name, null, Math.max(createdAt, backup.created_at + 1), TAGS);
}

export const isLockedSaleName = (name: string) =>
  name.startsWith(envelopeName(LOCKED_SALE_PURPOSE, ''));

const HEX = /^[0-9a-f]+$/;
/** A quote id goes into the mint's URL path: URL-safe characters only. */
const QUOTE_ID = /^[A-Za-z0-9._~-]{1,256}$/;
const MAX_OUTPUTS = 256;
const MAX_SECRET = 512;

function isHex(value: unknown, length?: number): value is string {
  return (
    typeof value === 'string' &&
    HEX.test(value) &&
    (length === undefined || value.length === length)
  );
}

function isPositiveWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The output as a plain journal entry, when its secret and r really make its B_: only then can
 * a signature on B_ become a proof (C = C_ - rK), so a body naming another's B_ with made-up
 * secrets yields nothing.
 */
function checkedOutput(output: unknown, keyset: string): PlainLockedOutput | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const { amount, B_, secret, r } = output as Record<string, unknown>;
  if (!isPositiveWhole(amount) || !isHex(B_, 66) || !isHex(r, 64)) return undefined;
  if (typeof secret !== 'string' || secret === '' || secret.length > MAX_SECRET) return undefined;
  const factor = BigInt(`0x${r}`);
  if (factor === 0n) return undefined;
  const bytes = utf8ToBytes(secret);
  try {
    if (blindMessage(bytes, factor).B_.toHex(true) !== B_) return undefined;
  } catch {
    return undefined;
  }
  return {
    blindedMessage: { amount: String(amount), B_, id: keyset },
    blindingFactor: factor.toString(),
    secret: bytesToHex(bytes),
  };
}

/** The body's unit: one the wallet can hold, or sat when it names none (envelopes before units). */
function bodyUnit(unit: unknown): Unit | undefined {
  return unit === undefined ? SAT : parseUnit(unit);
}

function checkedBody(value: unknown): SaleBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  if (body.v !== 1 || bodyUnit(body.unit) === undefined) return undefined;
  if (typeof body.mint !== 'string' || !/^https?:\/\//.test(body.mint)) return undefined;
  if (!isPositiveWhole(body.amount) || !isHex(body.keyset) || body.keyset.length > 66)
    return undefined;
  if (!Array.isArray(body.outputs) || body.outputs.length === 0) return undefined;
  if (body.outputs.length > MAX_OUTPUTS) return undefined;
  return body as unknown as SaleBody;
}

/**
 * What an opened `locked-sale` envelope holds: 'removed' for a tombstone, the sale when its body
 * opens and checks out, undefined (for the caller to log) otherwise. Every output must make its
 * B_ and the outputs must add up to the amount.
 */
export function lockedSaleOf(
  identitySecretKey: Uint8Array,
  envelope: OpenedEnvelope,
): LockedSaleFound | 'removed' | undefined {
  const { body } = envelope;
  if (body === null || body === undefined) return 'removed';
  if (typeof body !== 'object') return undefined;
  const sealed = (body as Record<string, unknown>).sealed;
  if (sealed === undefined && Object.keys(body).length === 0) return 'removed';
  if (!isSealedBox(sealed)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new SalesOpener(identitySecretKey).open(sealed));
  } catch {
    return undefined;
  }
  const sale = checkedBody(parsed);
  if (!sale) return undefined;
  const outputs = sale.outputs.map((o) => checkedOutput(o, sale.keyset));
  if (outputs.some((o) => o === undefined)) return undefined;
  const total = sale.outputs.reduce((sum, o) => sum + o.amount, 0);
  if (total !== sale.amount) return undefined;
  const quote =
    sale.via === 'lightning' && typeof sale.quote === 'string' && QUOTE_ID.test(sale.quote)
      ? sale.quote
      : undefined;
  return {
    mintUrl: mintUrlKey(sale.mint),
    amount: sale.amount,
    unit: bodyUnit(sale.unit) ?? SAT,
    journal: { keysetId: sale.keyset, outputs: outputs as PlainLockedOutput[] },
    ...(quote ? { quote } : {}),
    certified: envelope.certified,
    author: envelope.author,
    name: envelope.name,
  };
}
