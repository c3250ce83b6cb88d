// startMint: assembles the dev mint (state, routes, WebSocket hub, faults, auto-pay) and serves it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import { loadState } from './context.ts';
import type { MintContext } from './context.ts';
import { wireCode } from './errors.ts';
import { Faults, parseFaultRule } from './faults.ts';
import type { FaultRule } from './faults.ts';
import { applyFaultBefore, createRequestHandler } from './http.ts';
import { keysetInfoView } from './keysets.ts';
import { proofStateView } from './ledger.ts';
import { settleMelt } from './melt-settlement.ts';
import { payMintQuote } from './minting.ts';
import { isExpired, meltQuoteView, mintQuoteView } from './quotes.ts';
import { buildRoutes } from './routes.ts';
import { proofY } from './signing.ts';
import { MintStore } from './store.ts';
import { SubscriptionHub } from './subscriptions.ts';
import type { MintConfig } from './types.ts';
import { requestUnit } from './request-unit.ts';
import { defaultPrices, feedPrices } from './units.ts';
import type { Unit } from './units.ts';

export type StartMintOptions = {
  /** Default 3338; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default `.data/mint` (relative to the working directory). */
  dataDir?: string;
  /** Start with no saved state (the files in dataDir are deleted). */
  fresh?: boolean;
  /** Fee per thousand inputs of the active keyset. Default 0. */
  inputFeePpk?: number;
  /** When set, every new mint quote is paid automatically after this many ms. */
  payDelayMs?: number;
  /** Lifetime of mint and melt quotes. Default 3600. */
  quoteExpirySeconds?: number;
  /** NUT error numbering of the mint's own refusals: 'older' (default) or 'current'. */
  nutErrorCodes?: 'older' | 'current';
  /** Simulated routing fee of a melt to an outside invoice, in sat (capped by the reserve). Default 1. */
  routingFeeSat?: number;
  /** List NUT-20 in /v1/info. Default true; false leaves it out (quotes with a pubkey still lock). */
  nut20?: boolean;
  /** Accept outside invoices past their expiry at melt quote, as fake Lightning backends do. Default false. */
  acceptExpiredInvoices?: boolean;
  /**
   * Other dev mints this one's melts reach over simulated Lightning: a melt to an outside invoice
   * asks each to pay it (`POST /dev/pay-invoice`), so ecash of this mint can pay their invoices.
   */
  lightningPeers?: string[];
  /**
   * The dev price feed's prices URL (`http://…/api/v1/prices`, dev/prices): usd and eur quotes
   * are priced in sats from it when they are made. Without it, the feed's default prices.
   */
  pricesUrl?: string;
  /**
   * The units it makes keysets for, on a fresh data dir: all three by default; `['usd']` is a
   * mint with no sat keyset at all (its /v1/info still lists every unit's methods).
   */
  units?: readonly Unit[];
  /** Receives one line per request; silent by default. */
  log?: (line: string) => void;
};

export type DevMint = {
  url: string;
  port: number;
  dataDir: string;
  close(): Promise<void>;
  /** Pays a mint quote's invoice (simulated Lightning). */
  pay(quote: string): Promise<void>;
  /** Adds fault switches; see README.md for the rule shape. */
  addFault(rule: FaultRule | FaultRule[]): void;
  clearFaults(): void;
  /** Drops every open WebSocket connection now. */
  closeWebSockets(): void;
  /**
   * Makes a new active keyset of the unit (default sat); the old one stays valid for inputs.
   * Returns the new keyset info.
   */
  rotateKeyset(
    inputFeePpk?: number,
    unit?: Unit,
  ): {
    id: string;
    unit: string;
    active: boolean;
    input_fee_ppk: number;
  };
  /** The mint's view of a quote, or undefined. */
  mintQuote(quote: string): ReturnType<typeof mintQuoteView> | undefined;
  meltQuote(quote: string): ReturnType<typeof meltQuoteView> | undefined;
  /** Ends a melt held by the `pending` fault: PAID (change signed) or UNPAID (inputs released). */
  settleMelt(quote: string, state: 'PAID' | 'UNPAID'): ReturnType<typeof meltQuoteView>;
  /** Whether a proof with this secret has been spent. */
  isSpent(secret: string): boolean;
  /** Number of open WebSocket connections. */
  webSocketCount(): number;
};

export async function startMint(options: StartMintOptions = {}): Promise<DevMint> {
  const dataDir = resolve(options.dataDir ?? '.data/mint');
  const config: MintConfig = {
    inputFeePpk: options.inputFeePpk ?? 0,
    routingFeeSat: options.routingFeeSat ?? 1,
    nutErrorCodes: options.nutErrorCodes ?? 'older',
    payDelayMs: options.payDelayMs,
    quoteExpirySeconds: options.quoteExpirySeconds ?? 3600,
    minAmount: 1,
    maxAmount: 1_000_000,
    feeReservePercent: 1,
    nut20: options.nut20 ?? true,
    acceptExpiredInvoices: options.acceptExpiredInvoices ?? false,
  };
  const log = options.log ?? (() => {});
  const store = new MintStore(dataDir);
  if (options.fresh) store.wipe();
  const { state, keyring, changed } = loadState(store, config.inputFeePpk, options.units);
  if (changed) store.save(state, ['keys']);

  const timers = new Set<NodeJS.Timeout>();
  const schedulePay = (quote: string, delay: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      try {
        payMintQuote(ctx, quote);
        log(`auto-paid ${quote}`);
      } catch {
        // expired or gone: nothing to pay
      }
    }, delay);
    timers.add(timer);
  };

  const hub = new SubscriptionHub((kind, filter) => {
    if (kind === 'proof_state') return proofStateView(ctx, filter);
    if (kind === 'bolt11_mint_quote') {
      const quote = state.mintQuotes[filter];
      return quote ? mintQuoteView(quote) : undefined;
    }
    const quote = state.meltQuotes[filter];
    return quote ? meltQuoteView(quote) : undefined;
  });

  const ctx: MintContext = {
    state,
    keyring,
    config,
    prices: options.pricesUrl ? feedPrices(options.pricesUrl) : defaultPrices,
    persist: (parts) => store.save(state, parts),
    notify: (kind, filter, payload) => hub.notify(kind, filter, payload),
    onMintQuoteCreated: (quote) => {
      if (config.payDelayMs !== undefined) schedulePay(quote, config.payDelayMs);
    },
    onOutsidePayment: (request) => {
      for (const peer of options.lightningPeers ?? []) {
        // A peer that did not issue the invoice refuses it: that is the answer for all but one.
        void fetch(`${peer}/dev/pay-invoice`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ request }),
        }).catch(() => undefined);
      }
    },
  };
  if (config.payDelayMs !== undefined) {
    for (const q of Object.values(state.mintQuotes)) {
      if (q.state === 'UNPAID' && !isExpired(q)) schedulePay(q.quote, config.payDelayMs);
    }
  }

  const faults = new Faults();
  const rotate = (inputFeePpk?: number, unit: Unit = 'sat') => {
    const next = keyring.rotate(inputFeePpk ?? config.inputFeePpk, unit);
    store.save(state, ['keys']);
    return next;
  };
  let url = '';
  const routes = buildRoutes({
    ctx,
    faults,
    url: () => url,
    closeWebSockets: () => hub.closeAll(),
    rotate,
  });
  const server = createServer(
    createRequestHandler(
      routes,
      faults,
      log,
      (error) => wireCode(error, config.nutErrorCodes),
      (path, body) => requestUnit(ctx, path, body),
    ),
  );
  // Node closes an idle keep-alive socket after 5 s and Node's fetch keeps one for 4 s: on a loaded
  // machine the two timers cross, a request goes out on a socket the mint is closing and fails
  // with 'other side closed', a network fault no test asked for. Idle sockets live a minute here.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 61_000;
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/v1/ws') {
      socket.destroy();
      return;
    }
    const plan = faults.take('GET', path);
    const reject = (status: number, body: string) => {
      socket.end(
        `HTTP/1.1 ${status} Fault\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    void applyFaultBefore(
      plan,
      () => reject(500, JSON.stringify({ detail: 'Internal Server Error (fault switch)' })),
      (code, detail) => reject(400, JSON.stringify({ detail, code })),
    ).then((answered) => {
      if (answered) return;
      if (plan?.action === 'dropResponse') {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => hub.attach(ws));
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3338, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    dataDir,
    close() {
      closed ??= new Promise<void>((resolveClose) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        hub.closeAll();
        wss.close();
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      return closed;
    },
    async pay(quote) {
      payMintQuote(ctx, quote);
    },
    addFault: (rule) => faults.add((Array.isArray(rule) ? rule : [rule]).map(parseFaultRule)),
    clearFaults: () => faults.clear(),
    closeWebSockets: () => hub.closeAll(),
    rotateKeyset: (inputFeePpk, unit) => keysetInfoView(rotate(inputFeePpk, unit)),
    mintQuote: (quote) => {
      const q = state.mintQuotes[quote];
      return q ? mintQuoteView(q) : undefined;
    },
    meltQuote: (quote) => {
      const q = state.meltQuotes[quote];
      return q ? meltQuoteView(q) : undefined;
    },
    settleMelt: (quote, settled) => settleMelt(ctx, quote, settled),
    isSpent: (secret) => state.spent[proofY(secret)] !== undefined,
    webSocketCount: () => hub.connectionCount,
  };
}
