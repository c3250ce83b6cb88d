// Plumbing for the small dev servers (LNURL, prices): open CORS, JSON replies, listening on a port.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, JSON.stringify(body), 'application/json');
}

export function sendText(res: ServerResponse, status: number, text: string, type: string): void {
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': type });
  res.end(text);
}

/** The request body as JSON; undefined when empty, an Error when it is not JSON. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new Error('request body is not valid JSON');
  }
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

export type Listening = { server: Server; url: string; port: number; close(): Promise<void> };

/** Serves `handle` (answering CORS preflights itself) on host:port; port 0 picks a free one. */
export async function listen(handle: Handler, port: number, host: string): Promise<Listening> {
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    Promise.resolve(handle(req, res, url)).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    server,
    port: actual,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Also ends requests a `hang` fault holds open.
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
