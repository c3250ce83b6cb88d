// The last backup of each name a relay accepted (core/backup/published-note.ts), one config row
// each: `PUBLISHED_BACKUP:<name>`, JSON {digest, createdAt, slot?}, stamped when it was written.
import type { Clock } from '../../core/clock';
import type { PublishedNote, PublishedNotes } from '../../core/backup/published-note';
import { writeConfigJson } from '../database/config-json';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS } from '../database/key-names';

export class DexieBackupNotes implements PublishedNotes {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  /** Undefined for a row that does not read as a note: the backup is then published again. */
  async last(name: string): Promise<PublishedNote | undefined> {
    const row = await this.db.config.get(CONFIG_KEYS.publishedBackupPrefix + name);
    if (!row) return undefined;
    try {
      const { digest, createdAt, slot } = JSON.parse(row.value) as Record<string, unknown>;
      if (typeof digest !== 'string' || !Number.isSafeInteger(createdAt)) return undefined;
      return {
        digest,
        createdAt: createdAt as number,
        ...(slot === 'a' || slot === 'b' ? { slot } : {}),
        at: row.updatedAt,
      };
    } catch {
      return undefined;
    }
  }

  async record(name: string, note: Omit<PublishedNote, 'at'>): Promise<void> {
    const { digest, createdAt, slot } = note;
    await writeConfigJson(
      this.db,
      CONFIG_KEYS.publishedBackupPrefix + name,
      { digest, createdAt, ...(slot ? { slot } : {}) },
      this.clock(),
    );
  }
}
