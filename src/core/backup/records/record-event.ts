// One history event as the phrase's devices exchange it: its wire form, its global id (the writing
// device's key and its own row id), the form's digest, and the strict reading of a received one
// (docs/protocol.md "Records on the relays").
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { metadataOf } from '../../history-metadata';
import type { HistoryEvent } from '../../history-ports';
import { isCurrencyCode, type FiatRecord } from '../../prices/currencies';
import { parseReceiptNumber } from '../../receipts/receipt-number';
import { saleShapeOk } from '../../sale/sale-check';
import type { Discount } from '../../sale/discount';
import type { SaleDetail, SaleLine } from '../../sale/sale-detail';

/** An event on the wire; field names are short, the batches carry thousands. */
export interface RecordEvent {
  /** the writing device's own history id */
  id: number;
  /** when it happened, unix ms (the writing device's clock) */
  at: number;
  type: string;
  sats: number;
  mint: string;
  quote?: string;
  /** a cash-out's or refund's invoice */
  request?: string;
  /** the metadata JSON text, without a refund's local link (`refundOf` below says it) */
  meta?: string;
  fiat?: FiatRecord;
  sale?: SaleDetail;
  /** a refund's sale, as its global id */
  refundOf?: string;
  /** a sale's receipt number as the writing device gave it (decision 0074) */
  receipt?: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
/** Bounds on what one received event may hold: far above what the app writes, far below a batch. */
const MAX_TEXT = 8_192;
const MAX_META = 16_384;
const MAX_TYPE = 64;

/** `<device key hex>:<its history id>`: the same event on every device of the phrase. */
export function globalId(device: string, id: number): string {
  return `${device}:${id}`;
}

/** The device and id of a global id; undefined when it is not one. */
export function parseGlobalId(value: unknown): { device: string; id: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const [device, id, extra] = value.split(':');
  if (extra !== undefined || device === undefined || !HEX64.test(device)) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) && n >= 1 && String(n) === id ? { device, id: n } : undefined;
}

/**
 * The wire form of one of this device's events. A refund names its sale by global id: `saleId`
 * is that id when the caller found the sale, else the link is left out.
 */
export function toRecordEvent(
  event: HistoryEvent & { request?: string },
  saleId?: string,
): RecordEvent {
  const wire: RecordEvent = {
    id: event.id,
    at: event.createdAt,
    type: event.type,
    sats: event.amount,
    mint: event.mintUrl,
  };
  if (event.quoteId !== undefined) wire.quote = event.quoteId;
  if (event.request !== undefined) wire.request = event.request;
  if (event.metadata !== undefined) {
    if (event.type === 'refund') {
      // The local id means nothing elsewhere: the global one travels instead.
      const { refundOf: _local, ...rest } = metadataOf(event);
      wire.meta = JSON.stringify(rest);
    } else {
      wire.meta = event.metadata;
    }
  }
  if (event.fiat) wire.fiat = { ...event.fiat };
  if (event.sale) wire.sale = structuredClone(event.sale);
  if (saleId !== undefined) wire.refundOf = saleId;
  if (event.receiptNumber !== undefined) wire.receipt = event.receiptNumber;
  return wire;
}

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);
const isText = (s: unknown, max: number): s is string => typeof s === 'string' && s.length <= max;
const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

function fiatOf(value: unknown): FiatRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (!isCurrencyCode(raw.currency) || !finite(raw.price) || raw.price <= 0) return undefined;
  if (!finite(raw.value)) return undefined;
  const fiat: FiatRecord = { currency: raw.currency, price: raw.price, value: raw.value };
  if (raw.time !== undefined) {
    if (!finite(raw.time)) return undefined;
    fiat.time = raw.time;
  }
  if (raw.cashierPrice !== undefined) {
    if (!finite(raw.cashierPrice)) return undefined;
    fiat.cashierPrice = raw.cashierPrice;
  }
  return fiat;
}

/** A discount in its canonical form (the shape was checked by saleShapeOk). */
function discountOf(d: Discount): Discount {
  return d.kind === 'sats'
    ? { kind: 'sats', sats: d.sats, reason: d.reason }
    : { kind: 'percent', percent: d.percent, reason: d.reason };
}

function lineOf(line: SaleLine): SaleLine {
  return {
    ...(line.itemId !== undefined ? { itemId: line.itemId } : {}),
    name: line.name,
    quantity: line.quantity,
    unitSats: line.unitSats,
    ...(line.taxRatePercent !== undefined ? { taxRatePercent: line.taxRatePercent } : {}),
    // Tax by rate (decision 0064): absent on older records, so their canonical form is unchanged.
    ...(line.taxIncluded !== undefined ? { taxIncluded: line.taxIncluded } : {}),
    ...(line.discount !== undefined ? { discount: discountOf(line.discount) } : {}),
    ...(line.discountSats !== undefined ? { discountSats: line.discountSats } : {}),
    ...(line.taxSats !== undefined ? { taxSats: line.taxSats } : {}),
  };
}

function saleOf(value: unknown): SaleDetail | undefined {
  if (!saleShapeOk(value)) return undefined;
  const sale: SaleDetail = {
    lines: value.lines.map(lineOf),
    subtotalSats: value.subtotalSats,
    taxSats: value.taxSats,
    tipSats: value.tipSats,
    method: value.method,
  };
  if (value.reference !== undefined) sale.reference = value.reference;
  if (value.note !== undefined) sale.note = value.note;
  if (value.discountSats !== undefined) sale.discountSats = value.discountSats;
  if (value.cartDiscount !== undefined) sale.cartDiscount = discountOf(value.cartDiscount);
  if (value.includedTaxSats !== undefined) sale.includedTaxSats = value.includedTaxSats;
  if (value.taxRounding !== undefined) sale.taxRounding = value.taxRounding;
  return sale;
}

/**
 * A received event in the one canonical form (known fields only, in a fixed order), or undefined
 * when any field is malformed: an event is taken whole or not at all.
 */
export function parseRecordEvent(value: unknown): RecordEvent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const { id, at, type, sats, mint } = raw;
  if (!isWhole(id) || id < 1) return undefined;
  if (!isWhole(at) || at < 0) return undefined;
  if (!isText(type, MAX_TYPE) || type === '') return undefined;
  if (!isWhole(sats) || sats < 0) return undefined;
  if (!isText(mint, MAX_TEXT)) return undefined;
  const event: RecordEvent = { id, at, type, sats, mint };
  if (raw.quote !== undefined) {
    if (!isText(raw.quote, MAX_TEXT)) return undefined;
    event.quote = raw.quote;
  }
  if (raw.request !== undefined) {
    if (!isText(raw.request, MAX_TEXT)) return undefined;
    event.request = raw.request;
  }
  if (raw.meta !== undefined) {
    if (!isText(raw.meta, MAX_META)) return undefined;
    event.meta = raw.meta;
  }
  if (raw.fiat !== undefined) {
    const fiat = fiatOf(raw.fiat);
    if (!fiat) return undefined;
    event.fiat = fiat;
  }
  if (raw.sale !== undefined) {
    const sale = saleOf(raw.sale);
    if (!sale) return undefined;
    event.sale = sale;
  }
  if (raw.refundOf !== undefined) {
    if (!parseGlobalId(raw.refundOf)) return undefined;
    event.refundOf = raw.refundOf as string;
  }
  if (raw.receipt !== undefined) {
    if (!parseReceiptNumber(raw.receipt)) return undefined;
    event.receipt = raw.receipt as string;
  }
  return event;
}

/** SHA-256 of the canonical form, hex: two copies of one event differ exactly when this does. */
export function recordDigest(event: RecordEvent): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(event))));
}
