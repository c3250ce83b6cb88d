// NUT-17 WebSocket subscriptions: JSON-RPC subscribe/unsubscribe, initial state, change notifications.
import type { WebSocket } from 'ws';

export type SubscriptionKind = 'bolt11_mint_quote' | 'bolt11_melt_quote' | 'proof_state';
const KINDS: readonly string[] = ['bolt11_mint_quote', 'bolt11_melt_quote', 'proof_state'];

/** Current state for a filter (quote id or Y), or undefined when the mint knows nothing of it. */
export type StateLookup = (kind: SubscriptionKind, filter: string) => unknown;

type Subscription = { kind: SubscriptionKind; filters: Set<string> };

export class SubscriptionHub {
  private readonly clients = new Map<WebSocket, Map<string, Subscription>>();

  constructor(private readonly lookup: StateLookup) {}

  attach(socket: WebSocket): void {
    this.clients.set(socket, new Map());
    socket.on('message', (data) => this.onMessage(socket, String(data)));
    socket.on('close', () => this.clients.delete(socket));
    socket.on('error', () => this.clients.delete(socket));
  }

  /** Sends `payload` to every subscription of `kind` whose filters include `filter`. */
  notify(kind: SubscriptionKind, filter: string, payload: unknown): void {
    for (const [socket, subs] of this.clients) {
      for (const [subId, sub] of subs) {
        if (sub.kind === kind && sub.filters.has(filter)) this.send(socket, subId, payload);
      }
    }
  }

  /** Drops every connection at once (a fault switch, and shutdown). */
  closeAll(): void {
    for (const socket of this.clients.keys()) socket.terminate();
    this.clients.clear();
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  private send(socket: WebSocket, subId: string, payload: unknown): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', method: 'subscribe', params: { subId, payload } }),
    );
  }

  private reply(socket: WebSocket, id: unknown, body: object): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify({ jsonrpc: '2.0', ...body, id: id ?? null }));
  }

  private onMessage(socket: WebSocket, text: string): void {
    let msg: { id?: unknown; method?: unknown; params?: Record<string, unknown> };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      this.reply(socket, null, { error: { code: -32700, message: 'Parse error' } });
      return;
    }
    const subs = this.clients.get(socket);
    const params = msg.params ?? {};
    const subId = typeof params.subId === 'string' ? params.subId : undefined;
    if (!subs) return;
    if (msg.method === 'subscribe') {
      const kind = params.kind;
      const filters = params.filters;
      if (
        typeof kind !== 'string' ||
        !KINDS.includes(kind) ||
        !subId ||
        !Array.isArray(filters) ||
        !filters.every((f) => typeof f === 'string')
      ) {
        this.reply(socket, msg.id, { error: { code: -32602, message: 'Invalid params' } });
        return;
      }
      const sub: Subscription = { kind: kind as SubscriptionKind, filters: new Set(filters) };
      subs.set(subId, sub);
      this.reply(socket, msg.id, { result: { status: 'OK', subId } });
      // Real mints push the current state right after subscribing, so a wallet that subscribes
      // late still learns a quote was already paid.
      for (const filter of sub.filters) {
        const state = this.lookup(sub.kind, filter);
        if (state !== undefined) this.send(socket, subId, state);
      }
      return;
    }
    if (msg.method === 'unsubscribe') {
      if (!subId || !subs.delete(subId)) {
        this.reply(socket, msg.id, { error: { code: -32602, message: 'Unknown subId' } });
        return;
      }
      this.reply(socket, msg.id, { result: { status: 'OK', subId } });
      return;
    }
    this.reply(socket, msg.id, { error: { code: -32601, message: 'Method not found' } });
  }
}
