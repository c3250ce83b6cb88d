// One listening session's use of the inbox retry list: messages still unfinished after their
// retries are kept, tried again, and given up after 30 days (docs/decisions/0027-bounded-inbox.md).
import type { NostrEvent } from 'nostr-tools/core';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import { INBOX_RETRY_LIST_MAX, INBOX_RETRY_LIST_MAX_AGE_MS } from './inbox-bounds';
import type { InboxRetryStore } from './merchant-ports';

export class InboxRetryList {
  /** ids of this session's wraps that are in the list */
  private readonly parked = new Set<string>();

  constructor(
    private readonly store: InboxRetryStore | undefined,
    private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /** False without a store: an unfinished message then stays for the relays' lookback. */
  get enabled(): boolean {
    return this.store !== undefined;
  }

  /** Keeps an exhausted message in the list; false when there is none or it failed. */
  async park(event: NostrEvent): Promise<boolean> {
    const list = this.store;
    if (!list) return false;
    if (this.parked.has(event.id)) return true;
    try {
      const dropped = await list.put(
        { id: event.id, event, addedAt: this.clock() },
        INBOX_RETRY_LIST_MAX,
      );
      for (const old of dropped) {
        this.logger.warn(`Remote payment message ${old.id} dropped from a full retry list`);
      }
      this.parked.add(event.id);
      this.logger.info(`Remote payment message ${event.id} kept in the retry list`);
      return true;
    } catch (error) {
      this.logger.warn(`Could not keep ${event.id} in the retry list:`, error);
      return false;
    }
  }

  /** Takes a finished message out of the list, when this session had it there. */
  async unpark(id: string): Promise<void> {
    if (!this.store || !this.parked.delete(id)) return;
    try {
      await this.store.remove(id);
    } catch (error) {
      this.logger.warn(`Could not remove ${id} from the retry list:`, error);
    }
  }

  /**
   * The kept wraps addressed to `pubkey`, to queue again (marked as this session's); rows older
   * than 30 days are removed instead. A read that fails gives what was found before it.
   */
  async due(pubkey: string | undefined): Promise<NostrEvent[]> {
    const list = this.store;
    const events: NostrEvent[] = [];
    if (!list) return events;
    try {
      const now = this.clock();
      for (const row of await list.list()) {
        if (now - row.addedAt > INBOX_RETRY_LIST_MAX_AGE_MS) {
          this.logger.warn(`Remote payment message ${row.id} given up after 30 days of retries`);
          await list.remove(row.id);
          continue;
        }
        // The sales inbox and the identity inbox share the list: each retries its own wraps.
        if (!row.event.tags.some((tag) => tag[0] === 'p' && tag[1] === pubkey)) continue;
        this.parked.add(row.id);
        events.push(row.event);
      }
    } catch (error) {
      this.logger.warn('Could not read the retry list:', error);
    }
    return events;
  }
}
