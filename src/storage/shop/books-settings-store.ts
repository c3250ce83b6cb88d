// The shop's books settings (core/settings/books-settings.ts) as one JSON config row.
import type { Clock } from '../../core/clock';
import {
  booksSettingsFrom,
  type BooksSettings,
  type BooksSettingsStore,
} from '../../core/settings/books-settings';
import { writeConfigJson } from '../database/config-json';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS } from '../database/key-names';

export class DexieBooksSettingsStore implements BooksSettingsStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async get(): Promise<BooksSettings> {
    const row = await this.db.config.get(CONFIG_KEYS.books);
    try {
      return booksSettingsFrom(row ? JSON.parse(row.value) : undefined);
    } catch {
      return booksSettingsFrom(undefined);
    }
  }

  async set(settings: BooksSettings): Promise<void> {
    await writeConfigJson(this.db, CONFIG_KEYS.books, booksSettingsFrom(settings), this.clock());
  }
}
