// The route table: Cashu v1 endpoints, the dev controls under /dev, and the HTML page.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { MintContext } from './context.ts';
import { ErrorCode, MintError } from './errors.ts';
import { parseFaultRule } from './faults.ts';
import type { FaultRule, Faults } from './faults.ts';
import { isFormPost } from './http.ts';
import type { Route } from './http.ts';
import { keysetInfoView, keysView } from './keysets.ts';
import { checkState, restore, swap } from './ledger.ts';
import { settleMelt } from './melt-settlement.ts';
import { createMeltQuote, getMeltQuote, melt } from './melting.ts';
import {
  createInvoiceQuote,
  createMintQuote,
  getMintQuote,
  mintTokens,
  payInvoice,
  payMintQuote,
} from './minting.ts';
import { renderPage } from './page.ts';
import { configView, updateConfig } from './dev-config.ts';
import { meltQuoteView, meltRecordView, mintQuoteView } from './quotes.ts';
import type { KeysetRecord } from './types.ts';
import { isUnit, UNITS } from './units.ts';
import type { Unit } from './units.ts';
import { asObject } from './wire.ts';

export const MINT_NAME = 'Cashew dev mint';
export const MINT_VERSION = 'cashew-dev-mint/0.1.0';

export type RouteDeps = {
  ctx: MintContext;
  faults: Faults;
  url(): string;
  closeWebSockets(): void;
  rotate(inputFeePpk?: number, unit?: Unit): KeysetRecord;
};

export function mintInfo(ctx: MintContext) {
  // One bolt11 method per unit; a fiat unit's limits are in its cents.
  const methods = UNITS.map((unit) => ({
    method: 'bolt11',
    unit,
    min_amount: ctx.config.minAmount,
    max_amount: ctx.config.maxAmount,
  }));
  return {
    name: MINT_NAME,
    pubkey: bytesToHex(secp256k1.getPublicKey(hexToBytes(ctx.state.identity.mintKey), true)),
    version: MINT_VERSION,
    description: 'Local development mint for Cashew POS; Lightning is simulated.',
    description_long:
      'A real Cashu mint with simulated Lightning: invoices are paid from its web page or POST /dev/pay/{quote}.',
    contact: [],
    motd: '',
    time: Math.floor(Date.now() / 1000),
    nuts: {
      '4': { methods: methods.map((m) => ({ ...m, description: true })), disabled: false },
      '5': { methods, disabled: false },
      '7': { supported: true },
      '8': { supported: true },
      '9': { supported: true },
      '10': { supported: true },
      '11': { supported: true },
      '12': { supported: true },
      '17': {
        supported: UNITS.map((unit) => ({
          method: 'bolt11',
          unit,
          commands: ['bolt11_mint_quote', 'bolt11_melt_quote', 'proof_state'],
        })),
      },
      ...(ctx.config.nut20 ? { '20': { supported: true } } : {}),
    },
  };
}

function parseFaultBody(body: unknown): { rules: FaultRule[]; closeWebSockets: boolean } {
  if (Array.isArray(body)) return { rules: body.map(parseFaultRule), closeWebSockets: false };
  const obj = asObject(body ?? {}, 'body');
  if (typeof obj.path === 'string') return { rules: [parseFaultRule(obj)], closeWebSockets: false };
  const list =
    obj.faults === undefined ? [] : Array.isArray(obj.faults) ? obj.faults : [obj.faults];
  return { rules: list.map(parseFaultRule), closeWebSockets: obj.closeWebSockets === true };
}

export function buildRoutes(deps: RouteDeps): Route[] {
  const { ctx, faults } = deps;
  const json = (value: unknown) => ({ json: value });
  return [
    { method: 'GET', pattern: /^\/v1\/info$/, handle: () => json(mintInfo(ctx)) },
    {
      method: 'GET',
      pattern: /^\/v1\/keys$/,
      handle: () =>
        json({
          keysets: ctx.keyring
            .all()
            .filter((k) => k.active)
            .map(keysView),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/keys\/([^/]+)$/,
      // Ids are hex, but old base64 ids travel URL-safe ('-' and '_' for '+' and '/').
      handle: ({ params }) =>
        json({
          keysets: [
            keysView(ctx.keyring.get((params[0] ?? '').replace(/-/g, '+').replace(/_/g, '/'))),
          ],
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/keysets$/,
      handle: () => json({ keysets: ctx.keyring.all().map(keysetInfoView) }),
    },
    { method: 'POST', pattern: /^\/v1\/swap$/, handle: ({ body }) => json(swap(ctx, body)) },
    {
      method: 'POST',
      pattern: /^\/v1\/mint\/quote\/bolt11$/,
      handle: async ({ body }) => json(await createMintQuote(ctx, body)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/mint\/quote\/bolt11\/([^/]+)$/,
      handle: ({ params }) => json(mintQuoteView(getMintQuote(ctx, params[0] ?? ''))),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/mint\/bolt11$/,
      handle: ({ body }) => json(mintTokens(ctx, body)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/melt\/quote\/bolt11$/,
      handle: async ({ body }) => json(await createMeltQuote(ctx, body)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/melt\/quote\/bolt11\/([^/]+)$/,
      handle: ({ params }) => json(meltQuoteView(getMeltQuote(ctx, params[0] ?? ''))),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/melt\/bolt11$/,
      handle: ({ body, fault }) => json(melt(ctx, body, { pending: fault?.action === 'pending' })),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkstate$/,
      handle: ({ body }) => json(checkState(ctx, body)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/restore$/,
      handle: ({ body, fault }) =>
        json(restore(ctx, body, { signEvery: fault?.action === 'signEveryOutput' })),
    },
    {
      method: 'POST',
      pattern: /^\/dev\/pay\/([^/]+)$/,
      handle: ({ params, req }) => {
        const view = payMintQuote(ctx, params[0] ?? '');
        // The page's Pay button is a plain form: send the browser back to the page.
        return isFormPost(req) ? { redirect: '/' } : json(view);
      },
    },
    {
      method: 'POST',
      pattern: /^\/dev\/pay-invoice$/,
      handle: ({ body }) => json(payInvoice(ctx, body)),
    },
    {
      method: 'POST',
      pattern: /^\/dev\/invoice$/,
      handle: ({ body }) => json(createInvoiceQuote(ctx, body)),
    },
    {
      method: 'GET',
      pattern: /^\/dev\/melt\/([^/]+)$/,
      handle: ({ params }) => json(meltRecordView(getMeltQuote(ctx, params[0] ?? ''))),
    },
    {
      method: 'POST',
      pattern: /^\/dev\/melt\/([^/]+)\/settle$/,
      handle: ({ params, body }) =>
        json(settleMelt(ctx, params[0] ?? '', asObject(body ?? {}, 'body').state)),
    },
    {
      method: 'GET',
      pattern: /^\/dev\/config$/,
      handle: () => json(configView(ctx)),
    },
    {
      method: 'POST',
      pattern: /^\/dev\/config$/,
      handle: ({ body }) => {
        updateConfig(ctx, body);
        return json(configView(ctx));
      },
    },
    { method: 'GET', pattern: /^\/dev\/faults$/, handle: () => json({ faults: faults.list() }) },
    {
      method: 'POST',
      pattern: /^\/dev\/faults$/,
      handle: ({ body }) => {
        const { rules, closeWebSockets } = parseFaultBody(body);
        faults.add(rules);
        if (closeWebSockets) deps.closeWebSockets();
        return json({ faults: faults.list() });
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/dev\/faults$/,
      handle: () => {
        faults.clear();
        return json({ faults: [] });
      },
    },
    {
      method: 'POST',
      pattern: /^\/dev\/rotate$/,
      handle: ({ body }) => {
        const req = body === undefined ? {} : asObject(body, 'body');
        const fee = req.inputFeePpk;
        if (fee !== undefined && (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0)) {
          throw new MintError(ErrorCode.badRequest, 'inputFeePpk must be a non-negative integer');
        }
        if (req.unit !== undefined && !isUnit(req.unit)) {
          throw new MintError(ErrorCode.badRequest, `unit must be one of ${UNITS.join(', ')}`);
        }
        return json(keysetInfoView(deps.rotate(fee, req.unit)));
      },
    },
    {
      method: 'GET',
      pattern: /^\/$/,
      handle: () => ({
        html: renderPage(Object.values(ctx.state.mintQuotes), { name: MINT_NAME, url: deps.url() }),
      }),
    },
  ];
}
