// PhraseCheckStore on Dexie: two config rows, PHRASE_CONFIRMED and PHRASE_REMINDER_HIDDEN_UNTIL.
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { Clock } from '../../core/clock';
import type { CashewDb } from '../database/db';
import { readFlag, writeFlag } from '../database/config-flag';

export const PHRASE_CONFIG_KEYS = {
  confirmed: 'PHRASE_CONFIRMED',
  hiddenUntil: 'PHRASE_REMINDER_HIDDEN_UNTIL',
} as const;

export class DexiePhraseCheckStore implements PhraseCheckStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async isConfirmed(): Promise<boolean> {
    return readFlag(this.db, PHRASE_CONFIG_KEYS.confirmed);
  }

  async setConfirmed(): Promise<void> {
    await writeFlag(this.db, PHRASE_CONFIG_KEYS.confirmed, true, this.clock());
  }

  async reminderHiddenUntil(): Promise<number> {
    const value = Number((await this.db.config.get(PHRASE_CONFIG_KEYS.hiddenUntil))?.value);
    return Number.isFinite(value) ? value : 0;
  }

  async hideReminderUntil(time: number): Promise<void> {
    await this.db.config.put({
      key: PHRASE_CONFIG_KEYS.hiddenUntil,
      value: String(time),
      updatedAt: this.clock(),
    });
  }
}
