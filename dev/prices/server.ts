// startPriceFeed: a stand-in for mempool's `/api/v1/prices` on loopback, settable and breakable by tests.
import { FaultRules, parseFaultRule } from '../shared/fault-rules.ts';
import type { FaultRule } from '../shared/fault-rules.ts';
import { listen, readJson, sendJson, sendText, sleep } from '../shared/small-http.ts';
import { PriceBook } from './price-book.ts';

export const PRICE_FAULTS = [
  'error500',
  'hang',
  'malformedJson',
  'futureTime',
  'infinitePrice',
] as const;
export type PriceFaultAction = (typeof PRICE_FAULTS)[number];
export type PriceFaultRule = FaultRule<PriceFaultAction>;

const DAY_S = 86_400;

export type StartPriceFeedOptions = {
  /** Default 3340; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  log?: (line: string) => void;
};

export type DevPriceFeed = {
  url: string;
  port: number;
  /** The URL the app reads: `{url}/api/v1/prices`. */
  pricesUrl: string;
  /** Same as `POST /dev/prices`: `{USD?: n, …, time?: unix s | null}`; throws when invalid. */
  setPrices(update: Record<string, number | null>): void;
  /** Back to the default prices and the current time. */
  reset(): void;
  addFault(rule: PriceFaultRule): void;
  clearFaults(): void;
  close(): Promise<void>;
};

function parseRule(value: unknown): PriceFaultRule | Error {
  const parsed = parseFaultRule(value, PRICE_FAULTS);
  return parsed instanceof Error ? parsed : parsed.rule;
}

export async function startPriceFeed(options: StartPriceFeedOptions = {}): Promise<DevPriceFeed> {
  const book = new PriceBook();
  const log = options.log ?? (() => {});
  const rules = new FaultRules<PriceFaultAction, PriceFaultRule>();

  const server = await listen(
    async (req, res, url) => {
      const path = url.pathname;
      const method = req.method ?? 'GET';
      if (path === '/api/v1/prices' && method === 'GET') {
        const plan = rules.take();
        if (plan.delayMs > 0) await sleep(plan.delayMs);
        log(`GET ${path}${plan.action ? ` (fault: ${plan.action})` : ''}`);
        if (plan.action === 'hang') return;
        if (plan.action === 'error500')
          return sendText(res, 500, 'Internal Server Error', 'text/plain');
        if (plan.action === 'malformedJson') {
          return sendText(res, 200, '{"time": 1700000000, "USD": ', 'application/json');
        }
        if (plan.action === 'futureTime') {
          return sendJson(res, 200, {
            ...book.reply(),
            time: Math.floor(Date.now() / 1000) + DAY_S,
          });
        }
        if (plan.action === 'infinitePrice') {
          // JSON has no Infinity; a number this large parses to it.
          const { time } = book.reply();
          return sendText(res, 200, `{"time": ${time}, "USD": 1e999}`, 'application/json');
        }
        return sendJson(res, 200, book.reply());
      }
      if (path === '/dev/prices') {
        if (method === 'DELETE') book.reset();
        if (method === 'POST') {
          const body = await readJson(req);
          const error = body instanceof Error ? body : book.update(body);
          if (error) return sendJson(res, 400, { detail: error.message });
        }
        return sendJson(res, 200, book.reply());
      }
      if (path === '/dev/faults') {
        if (method === 'DELETE') rules.clear();
        if (method === 'POST') {
          const body = await readJson(req);
          const parsed = (Array.isArray(body) ? body : [body]).map(parseRule);
          const bad = parsed.find((r) => r instanceof Error);
          if (bad) return sendJson(res, 400, { detail: bad.message });
          rules.add(parsed as PriceFaultRule[]);
        }
        return sendJson(res, 200, { faults: rules.list() });
      }
      return sendJson(res, 404, { detail: `no route for ${method} ${path}` });
    },
    options.port ?? 3340,
    options.host ?? '127.0.0.1',
  );

  return {
    url: server.url,
    port: server.port,
    pricesUrl: `${server.url}/api/v1/prices`,
    setPrices(update) {
      const error = book.update(update);
      if (error) throw error;
    },
    reset: () => book.reset(),
    addFault(rule) {
      const parsed = parseRule(rule);
      if (parsed instanceof Error) throw parsed;
      rules.add([parsed]);
    },
    clearFaults: () => rules.clear(),
    close: () => server.close(),
  };
}
