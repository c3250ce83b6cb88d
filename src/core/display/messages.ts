// The customer display's messages between the counter and the display window (docs/protocol.md
// "Customer display"): versioned, and checked field by field on receipt, so a message of another
// version or a malformed one is dropped instead of shown.
import { cleanShopName, SHOP_NAME_MAX } from '../settings/shop-name';
import { isFiatUnit, type FiatUnit } from '../units/unit';

/** The BroadcastChannel both windows open: one per origin, so one per till's browser. */
export const DISPLAY_CHANNEL = 'cashew-pos/display';
/** Bumped when a message changes shape; a display drops messages of any other version. */
export const DISPLAY_VERSION = 1;

/** Bounds that keep a message to what a cart and an invoice can be (docs/protocol.md). */
export const DISPLAY_LIMITS = {
  lines: 500,
  name: 120,
  request: 4_000,
} as const;

/**
 * One cart line as the customer sees it: the line total in sats, or in the state's `unit` when it
 * names one (the field keeps its version-1 name); null while it has no price.
 */
export interface DisplayLine {
  name: string;
  quantity: number;
  sats: number | null;
}

/** What there is to pay: the Lightning invoice, and the ecash request when the counter shows one. */
export interface DisplayPayment {
  amount: number;
  invoice: string;
  ecash?: string;
}

/**
 * The cart as the customer sees it: its lines, its total (null while a line has no price) and,
 * when the cart has any discount (a line's or the whole cart's), the sats it takes off; when the
 * shop adds tax on top of its prices, that tax, so the lines and the total add up on screen. Both
 * are optional in version 1: a display that does not know them shows the rest.
 * `unit`: the till charges in this fiat unit, and every amount of the state (lines, total,
 * discount, the invoice's) is in its minor units (cents); absent, they are sats (decision 0094).
 */
export interface DisplayCart {
  lines: DisplayLine[];
  total: number | null;
  discount?: number;
  tax?: number;
  unit?: FiatUnit;
}

/** Everything the display shows, sent whole on every change (a late display needs only the last). */
export type DisplayState =
  | ({ phase: 'cart'; shop: string } & DisplayCart)
  | ({ phase: 'pay'; shop: string; pay: DisplayPayment } & DisplayCart)
  | { phase: 'paid'; shop: string; amount: number; unit?: FiatUnit }
  /** the counter screen was left: nothing is being sold at it */
  | { phase: 'idle'; shop: string };

export type DisplayMessage =
  | { v: typeof DISPLAY_VERSION; type: 'hello' }
  | { v: typeof DISPLAY_VERSION; type: 'state'; state: DisplayState };

export const helloMessage = (): DisplayMessage => ({ v: DISPLAY_VERSION, type: 'hello' });

export const stateMessage = (state: DisplayState): DisplayMessage => ({
  v: DISPLAY_VERSION,
  type: 'state',
  state,
});

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSats = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A BOLT11 invoice: its human-readable prefix, then bech32 characters only. */
const INVOICE = /^ln[a-z0-9]+1[02-9ac-hj-np-z]+$/i;
/** A NUT-18 request as the invoice's Ecash side shows it (creqA: base64url after the prefix). */
const ECASH_REQUEST = /^creqA[A-Za-z0-9_=-]+$/;

/** Absent (sats) or a fiat unit the app knows; anything else would be shown in a wrong unit. */
const knownUnit = (value: unknown): value is FiatUnit | undefined =>
  value === undefined || isFiatUnit(value);

function shop(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Cleaned as Settings cleans it, and cut: the display shows text, never markup or controls.
  return Array.from(cleanShopName(value)).slice(0, SHOP_NAME_MAX).join('');
}

function line(value: unknown): DisplayLine | null {
  if (!isObject(value)) return null;
  const { name, quantity, sats } = value;
  if (typeof name !== 'string' || name.length === 0 || name.length > DISPLAY_LIMITS.name) {
    return null;
  }
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  if (sats !== null && !isSats(sats)) return null;
  return { name, quantity, sats };
}

function lines(value: unknown): DisplayLine[] | null {
  if (!Array.isArray(value) || value.length > DISPLAY_LIMITS.lines) return null;
  const read = value.map(line);
  return read.every((l): l is DisplayLine => l !== null) ? read : null;
}

function payment(value: unknown): DisplayPayment | null {
  if (!isObject(value)) return null;
  const { amount, invoice, ecash } = value;
  if (!isSats(amount) || amount === 0) return null;
  if (typeof invoice !== 'string' || invoice.length > DISPLAY_LIMITS.request) return null;
  if (!INVOICE.test(invoice)) return null;
  if (ecash === undefined) return { amount, invoice };
  if (typeof ecash !== 'string' || ecash.length > DISPLAY_LIMITS.request) return null;
  return ECASH_REQUEST.test(ecash) ? { amount, invoice, ecash } : null;
}

function state(value: unknown): DisplayState | null {
  if (!isObject(value)) return null;
  const name = shop(value.shop);
  if (name === null) return null;
  switch (value.phase) {
    case 'idle':
      return { phase: 'idle', shop: name };
    case 'paid': {
      if (!isSats(value.amount) || !knownUnit(value.unit)) return null;
      const { amount, unit } = value;
      return { phase: 'paid', shop: name, amount, ...(unit !== undefined ? { unit } : {}) };
    }
    case 'cart':
    case 'pay': {
      const read = lines(value.lines);
      const { total, discount, tax, unit } = value;
      if (read === null || (total !== null && !isSats(total))) return null;
      if (discount !== undefined && (!isSats(discount) || discount === 0)) return null;
      if (tax !== undefined && (!isSats(tax) || tax === 0)) return null;
      if (!knownUnit(unit)) return null;
      const cart = {
        lines: read,
        total,
        ...(discount !== undefined ? { discount } : {}),
        ...(tax !== undefined ? { tax } : {}),
        ...(unit !== undefined ? { unit } : {}),
      };
      if (value.phase === 'cart') return { phase: 'cart', shop: name, ...cart };
      const pay = payment(value.pay);
      return pay ? { phase: 'pay', shop: name, ...cart, pay } : null;
    }
    default:
      return null;
  }
}

/**
 * The message in `data` when it is one of this version, whole and well formed; null for anything
 * else (another version, another app's message on the channel, junk). Never throws.
 */
export function readDisplayMessage(data: unknown): DisplayMessage | null {
  if (!isObject(data) || data.v !== DISPLAY_VERSION) return null;
  if (data.type === 'hello') return helloMessage();
  if (data.type !== 'state') return null;
  const read = state(data.state);
  return read ? stateMessage(read) : null;
}
