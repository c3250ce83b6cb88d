// A random secp256k1 key kept plain in the keys table (never sealed under the PIN), created once
// across tabs: the sales inbox key (decision 0030) and the device key
// (docs/protocol.md "Device envelopes") are two of them.
import { generateSecretKey } from 'nostr-tools/pure';
import type { Clock } from '../../core/clock';
import { toBytes } from '../database/bytes';
import type { CashewDb } from '../database/db';

const KEY_BYTES = 32;

export class PlainKeyRow {
  private cached: Uint8Array | undefined;

  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly name: string,
  ) {}

  async getOrCreate(): Promise<Uint8Array> {
    if (this.cached) return this.cached;
    const { db, name } = this;
    const read = async () => {
      const bytes = toBytes((await db.keys.get(name))?.value);
      return bytes?.length === KEY_BYTES ? bytes : undefined;
    };
    // Read first: callers ask often, and a write each time would queue them.
    const stored = await read();
    if (stored) return (this.cached = stored);
    const fresh = generateSecretKey();
    // One transaction: two tabs asking at once must end up with the same key.
    const key = await db.transaction('rw', db.keys, async () => {
      const existing = await read();
      if (existing) return existing;
      await db.keys.put({ key: name, value: fresh, updatedAt: this.clock() });
      return fresh;
    });
    return (this.cached = key);
  }
}
