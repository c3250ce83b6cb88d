// HTTP plumbing: CORS, JSON bodies, routing, fault switches, and refusals as 400 {detail, code}.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode, MintError } from './errors.ts';
import type { Faults, FaultPlan } from './faults.ts';
import { malformReply } from './malform.ts';

export type RouteResult = { status?: number; json?: unknown; html?: string; redirect?: string };

export type RouteContext = {
  params: string[];
  body: unknown;
  req: IncomingMessage;
  /** The fault plan for this request, for actions a handler carries out itself (`pending`). */
  fault: FaultPlan | undefined;
};

export type Route = {
  method: string;
  pattern: RegExp;
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
};

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Max-Age': '600',
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Requests a fault switch may affect: the Cashu API, not the dev controls or the page. */
export function isFaultable(path: string): boolean {
  return path.startsWith('/v1/');
}

export function isFormPost(req: IncomingMessage): boolean {
  const type = req.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/');
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The page's Pay button posts a form with no JSON in it.
    if (isFormPost(req)) return undefined;
    throw new MintError(ErrorCode.badRequest, 'request body is not valid JSON');
  }
}

function send(res: ServerResponse, status: number, result: RouteResult): void {
  if (result.redirect) {
    res.writeHead(303, { ...CORS_HEADERS, Location: result.redirect });
    res.end();
  } else if (result.html !== undefined) {
    res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
    res.end(result.html);
  } else {
    res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json' });
    res.end(JSON.stringify(result.json ?? {}));
  }
}

/**
 * Applies a fault's delay and says whether it already answered the request. A `hang` never
 * answers: the request stays open, doing nothing, until the client gives up or the mint closes
 * (a mint whose process is stuck, as opposed to one that is down).
 */
export async function applyFaultBefore(
  plan: FaultPlan | undefined,
  answer500: () => void,
  refuse: (code: number, detail: string) => void,
): Promise<boolean> {
  if (!plan) return false;
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  if (plan.action === 'hang') return new Promise<boolean>(() => {});
  if (plan.action === 'error500') {
    answer500();
    return true;
  }
  if (plan.action === 'refuse') {
    refuse(plan.code, plan.detail);
    return true;
  }
  return false;
}

export function createRequestHandler(
  routes: Route[],
  faults: Faults,
  log: (line: string) => void,
  /** The code a refusal carries on the wire (older or current NUT numbering). */
  codeOf: (error: MintError) => number = (error) => error.code,
  /** The unit a request is about, for fault rules limited to one unit. */
  unitOf: (path: string, body: unknown) => string | undefined = () => undefined,
): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (method === 'OPTIONS') {
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        ...CORS_HEADERS,
        ...(asked ? { 'Access-Control-Allow-Headers': asked } : {}),
      });
      res.end();
      return;
    }
    let status = 200;
    let result: RouteResult;
    let plan: FaultPlan | undefined;
    try {
      let body: unknown;
      try {
        body = method === 'GET' ? undefined : await readBody(req);
      } finally {
        // Taken after the body is read (a rule may name a unit the body says), even when it is not JSON.
        plan = isFaultable(path) ? faults.take(method, path, unitOf(path, body)) : undefined;
      }
      const answered = await applyFaultBefore(
        plan,
        () => {
          status = 500;
          send(res, 500, { json: { detail: 'Internal Server Error (fault switch)' } });
        },
        (code, detail) => {
          status = 400;
          send(res, 400, { json: { detail, code } });
        },
      );
      if (answered) {
        log(`${method} ${path} ${status} (fault)`);
        return;
      }
      const route = routes.find((r) => r.method === method && r.pattern.test(path));
      const params = route ? (route.pattern.exec(path) ?? []).slice(1).map(decodeURIComponent) : [];
      if (!route) {
        status = 404;
        result = { json: { detail: `no route for ${method} ${path}` } };
      } else {
        result = await route.handle({ params, body, req, fault: plan });
        status = result.status ?? 200;
      }
    } catch (error) {
      if (error instanceof MintError) {
        status = error.status;
        result = { json: { detail: error.message, code: codeOf(error) } };
      } else {
        status = 500;
        result = { json: { detail: error instanceof Error ? error.message : String(error) } };
      }
    }
    if (plan?.action === 'dropResponse') {
      // The state change above happened; the client never hears of it.
      log(`${method} ${path} dropped (fault)`);
      res.socket?.destroy();
      return;
    }
    if (plan?.action === 'holdReply') {
      // Acted and saved; the reply waits for the process to be killed (an e2e test watches for
      // this line): a mint that dies between its work and its answer.
      log(`${method} ${path} ${status} held (fault)`);
      return;
    }
    if (plan?.action === 'malform' && plan.malform && status === 200 && result.json !== undefined) {
      // The state change above happened; the reply the client gets is spoilt.
      result = { ...result, json: malformReply(plan.malform, result.json) };
      log(`${method} ${path} ${status} malformed: ${plan.malform} (fault)`);
      send(res, status, result);
      return;
    }
    log(`${method} ${path} ${status}`);
    send(res, status, result);
  };
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { json: { detail: String(error) } });
    });
  };
}
