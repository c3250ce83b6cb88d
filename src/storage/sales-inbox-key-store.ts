// The sales inbox key on Dexie (decision 0030, point 7): a plain key row, created once across tabs,
// which a locked till reads without the PIN. It never holds the Nostr identity key.
import { generateSecretKey } from 'nostr-tools/pure';
import type { Clock } from '../core/ports';
import type { SalesInboxKeyStore } from '../core/remote-payments/merchant-ports';
import { toBytes } from './bytes';
import type { CashewDb } from './db';
import { KEY_NAMES } from './key-names';

const KEY_BYTES = 32;

export class DexieSalesInboxKeyStore implements SalesInboxKeyStore {
  private cached: Uint8Array | undefined;

  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async getOrCreate(): Promise<Uint8Array> {
    if (this.cached) return this.cached;
    const { db } = this;
    const read = async () => {
      const bytes = toBytes((await db.keys.get(KEY_NAMES.salesInboxKey))?.value);
      return bytes?.length === KEY_BYTES ? bytes : undefined;
    };
    // Read first: every wrap and every locked quote asks, and a write each time would queue them.
    const stored = await read();
    if (stored) return (this.cached = stored);
    const fresh = generateSecretKey();
    // One transaction: two tabs asking at once must end up with the same key.
    const key = await db.transaction('rw', db.keys, async () => {
      const existing = await read();
      if (existing) return existing;
      await db.keys.put({ key: KEY_NAMES.salesInboxKey, value: fresh, updatedAt: this.clock() });
      return fresh;
    });
    return (this.cached = key);
  }
}
