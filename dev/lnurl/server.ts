// startLnurl: a Lightning address on loopback (LNURL-pay over http) whose invoices are dev mint quotes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readJson, sendJson, sendText, sleep } from '../shared/small-http.ts';
import { LnurlFaults, parseLnurlFault } from './faults.ts';
import type { LnurlFaultAction, LnurlFaultRule } from './faults.ts';
import {
  NAME_PATTERN,
  checkCallback,
  descriptionHash,
  lnurlError,
  metadataFor,
  payRequest,
} from './pay-request.ts';
import type { LnurlSettings } from './pay-request.ts';

export type StartLnurlOptions = Partial<LnurlSettings> & {
  /** The dev mint whose quotes back the invoices (its `POST /dev/invoice`). */
  mintUrl: string;
  /** Default 3339; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The name `address` uses; any LUD-16 name is served. Default `merchant`. */
  name?: string;
  log?: (line: string) => void;
};

/** One invoice the callback handed out. */
export type LnurlInvoice = {
  name: string;
  amountMsat: number;
  comment: string;
  quote: string;
  pr: string;
};

export type DevLnurl = {
  url: string;
  port: number;
  /** `name@host:port`, e.g. `merchant@127.0.0.1:3339`. */
  address: string;
  /** Invoices handed out so far, oldest first. */
  invoices(): LnurlInvoice[];
  addFault(rule: Partial<LnurlFaultRule> | Partial<LnurlFaultRule>[]): void;
  clearFaults(): void;
  close(): Promise<void>;
};

type MintQuote = { quote: string; request: string; state: string };

async function mintInvoice(mintUrl: string, sats: number, hash: string): Promise<MintQuote> {
  const res = await fetch(`${mintUrl}/dev/invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: sats, descriptionHash: hash }),
  });
  const body = (await res.json()) as MintQuote & { detail?: string };
  if (!res.ok) throw new Error(body.detail ?? `HTTP ${res.status}`);
  return body;
}

export async function startLnurl(options: StartLnurlOptions): Promise<DevLnurl> {
  const settings: LnurlSettings = {
    minSendable: options.minSendable ?? 1_000,
    maxSendable: options.maxSendable ?? 1_000_000_000,
    commentAllowed: options.commentAllowed ?? 140,
  };
  const log = options.log ?? (() => {});
  const faults = new LnurlFaults();
  const issued: LnurlInvoice[] = [];
  let base = '';
  let hostPort = '';

  /** Answers the fault's nonsense; true when it did (or will never answer). */
  const spoil = (res: ServerResponse, action: LnurlFaultAction | undefined, url: URL): boolean => {
    if (action === 'hang') return true;
    if (action === 'redirectOtherHost') {
      // The same server under another host name: a wallet that followed would get a real answer.
      const other = new URL(base);
      other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
      res.writeHead(302, {
        'Access-Control-Allow-Origin': '*',
        Location: `${other.origin}${url.pathname}${url.search}`,
      });
      res.end();
      return true;
    }
    if (action === 'malformedJson')
      sendText(res, 200, '{"tag": "payRequest", "callback": ', 'application/json');
    else if (action === 'error500') sendText(res, 500, 'Internal Server Error', 'text/plain');
    else if (action === 'error') sendJson(res, 200, lnurlError('refused by a fault switch'));
    else return false;
    return true;
  };

  const serveDocument = (res: ServerResponse, name: string, action?: LnurlFaultAction) => {
    const doc: Record<string, unknown> = payRequest(base, name, hostPort, settings);
    if (action === 'wrongTag') doc.tag = 'withdrawRequest';
    if (action === 'missingCallback') {
      delete doc.callback;
      delete doc.minSendable;
    }
    sendJson(res, 200, doc);
  };

  const serveCallback = async (
    res: ServerResponse,
    name: string,
    params: URLSearchParams,
    action?: LnurlFaultAction,
  ) => {
    const checked = checkCallback(params, settings);
    if ('status' in checked) {
      sendJson(res, 200, checked);
      return;
    }
    if (action === 'wrongTag') {
      serveDocument(res, name, 'wrongTag');
      return;
    }
    const sats = checked.sats + (action === 'wrongAmount' ? 1 : 0);
    // wrongDescriptionHash: an invoice committing to other metadata than the document's.
    const metadata =
      action === 'wrongDescriptionHash'
        ? metadataFor(`${name}-elsewhere`, hostPort)
        : metadataFor(name, hostPort);
    let quote: MintQuote;
    try {
      quote = await mintInvoice(options.mintUrl, sats, descriptionHash(metadata));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      sendJson(res, 502, lnurlError(`could not get an invoice from the mint: ${reason}`));
      return;
    }
    const pr = action === 'notAnInvoice' ? 'lnbc1notaninvoice' : quote.request;
    issued.push({
      name,
      amountMsat: checked.sats * 1000,
      comment: checked.comment,
      quote: quote.quote,
      pr,
    });
    sendJson(res, 200, {
      pr,
      routes: [],
      successAction: { tag: 'message', message: `Thank you, ${name} got it.` },
      verify: `${base}/lnurlp/${name}/verify/${quote.quote}`,
    });
  };

  /** LUD-21: whether the invoice was paid, from the mint quote behind it. */
  const serveVerify = async (res: ServerResponse, quoteId: string) => {
    const invoice = issued.find((i) => i.quote === quoteId);
    if (!invoice) {
      sendJson(res, 404, lnurlError('unknown invoice'));
      return;
    }
    const reply = await fetch(`${options.mintUrl}/v1/mint/quote/bolt11/${quoteId}`);
    const quote = (await reply.json()) as MintQuote;
    sendJson(res, 200, {
      status: 'OK',
      settled: quote.state !== 'UNPAID',
      preimage: null,
      pr: invoice.pr,
    });
  };

  const serveDev = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/dev/invoices' && req.method === 'GET')
      return sendJson(res, 200, { invoices: issued });
    if (path !== '/dev/faults') return sendJson(res, 404, { detail: `no route for ${path}` });
    if (req.method === 'DELETE') faults.clear();
    if (req.method === 'POST') {
      const body = await readJson(req);
      const list = Array.isArray(body) ? body : [body];
      const rules = list.map(parseLnurlFault);
      const bad = rules.find((r) => r instanceof Error);
      if (bad) return sendJson(res, 400, { detail: bad.message });
      faults.add(rules as LnurlFaultRule[]);
    }
    sendJson(res, 200, { faults: faults.list() });
  };

  const server = await listen(
    async (req, res, url) => {
      const path = url.pathname;
      const doc = /^\/\.well-known\/lnurlp\/([^/]+)$/.exec(path);
      const callback = /^\/lnurlp\/([^/]+)\/callback$/.exec(path);
      const verify = /^\/lnurlp\/([^/]+)\/verify\/([^/]+)$/.exec(path);
      if (path.startsWith('/dev/')) return serveDev(req, res, path);
      const name = decodeURIComponent((doc ?? callback ?? verify)?.[1] ?? '');
      if (!name || !NAME_PATTERN.test(name) || req.method !== 'GET') {
        log(`${req.method} ${path} 404`);
        return sendJson(res, 404, lnurlError(`no such Lightning address here: ${path}`));
      }
      if (verify) return serveVerify(res, verify[2] ?? '');
      const plan = faults.takeFor(doc ? 'payRequest' : 'callback');
      if (plan.delayMs > 0) await sleep(plan.delayMs);
      log(`${req.method} ${path}${url.search}${plan.action ? ` (fault: ${plan.action})` : ''}`);
      if (spoil(res, plan.action, url)) return;
      if (doc) return serveDocument(res, name, plan.action);
      return serveCallback(res, name, url.searchParams, plan.action);
    },
    options.port ?? 3339,
    options.host ?? '127.0.0.1',
  );
  base = server.url;
  hostPort = server.url.replace(/^http:\/\//, '');

  return {
    url: server.url,
    port: server.port,
    address: `${options.name ?? 'merchant'}@${hostPort}`,
    invoices: () => issued.map((i) => ({ ...i })),
    addFault: (rule) => {
      const rules = (Array.isArray(rule) ? rule : [rule]).map((r) => parseLnurlFault(r));
      const bad = rules.find((r) => r instanceof Error);
      if (bad) throw bad;
      faults.add(rules as LnurlFaultRule[]);
    },
    clearFaults: () => faults.clear(),
    close: () => server.close(),
  };
}
