// The unit a `/v1` request is about, so a fault rule can hit only the usd (or sat, eur) requests.
import type { MintContext } from './context.ts';

const QUOTE_PATH = /^\/v1\/(mint|melt)\/quote\/bolt11\/([^/]+)$/;
const KEYS_PATH = /^\/v1\/keys\/([^/]+)$/;

function keysetUnit(ctx: MintContext, id: unknown): string | undefined {
  return ctx.keyring.all().find((k) => k.id === id)?.unit;
}

function firstId(list: unknown): unknown {
  if (!Array.isArray(list)) return undefined;
  const first: unknown = list[0];
  return typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : undefined;
}

/**
 * Read, never refused: the body's `unit` (quote requests, sat when left out as the mint reads it),
 * the quote a path or body names, the keyset of the first input or output, or the keyset a
 * `/v1/keys/{id}` asks for. Undefined when none says (info, keysets, checkstate, the WebSocket).
 */
export function requestUnit(ctx: MintContext, path: string, body: unknown): string | undefined {
  const quotePath = QUOTE_PATH.exec(path);
  if (quotePath) {
    const quotes = quotePath[1] === 'mint' ? ctx.state.mintQuotes : ctx.state.meltQuotes;
    return quotes[quotePath[2] ?? '']?.unit;
  }
  const keysPath = KEYS_PATH.exec(path);
  if (keysPath) return keysetUnit(ctx, keysPath[1]);
  if (typeof body !== 'object' || body === null) return undefined;
  const req = body as Record<string, unknown>;
  if (path === '/v1/mint/quote/bolt11' || path === '/v1/melt/quote/bolt11') {
    return typeof req.unit === 'string' ? req.unit : 'sat';
  }
  if (typeof req.quote === 'string') {
    const quote = ctx.state.mintQuotes[req.quote] ?? ctx.state.meltQuotes[req.quote];
    if (quote) return quote.unit;
  }
  return keysetUnit(ctx, firstId(req.inputs)) ?? keysetUnit(ctx, firstId(req.outputs));
}
