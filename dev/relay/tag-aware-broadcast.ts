// Live fan-out of new events to open subscriptions, matching #tag filters too.
import type {
  BroadcastPlugin,
  Client,
  ClientContext,
  Event,
  HandleMessagePlugin,
  HandleMessageResult,
  IncomingMessage,
} from '@nostr-relay/common';
import { matchesAnyFilter } from './filter.ts';

/**
 * @nostr-relay/core 0.0.40 checks only ids/authors/kinds/since/until when it pushes a new event to
 * live subscriptions, so a `{kinds:[1059], '#p':[me]}` subscriber would get everyone's gift wraps.
 * This plugin takes over the fan-out (it never calls the library's own) and keeps the library's
 * subscription bookkeeping: it reads each client's `ctx.subscriptions`, which REQ/CLOSE maintain.
 */
export class TagAwareBroadcast implements HandleMessagePlugin, BroadcastPlugin {
  private readonly contexts = new Map<Client, ClientContext>();

  handleMessage(
    ctx: ClientContext,
    _message: IncomingMessage,
    next: () => Promise<HandleMessageResult>,
  ): Promise<HandleMessageResult> {
    // A client can only hold subscriptions after sending a message, so this sees every subscriber.
    this.contexts.set(ctx.client, ctx);
    return next();
  }

  forget(client: Client): void {
    this.contexts.delete(client);
  }

  async broadcast(event: Event): Promise<void> {
    for (const ctx of this.contexts.values()) {
      if (!ctx.isOpen) continue;
      for (const [subscriptionId, filters] of ctx.subscriptions.entries()) {
        if (matchesAnyFilter(event, filters)) ctx.sendMessage(['EVENT', subscriptionId, event]);
      }
    }
  }
}
