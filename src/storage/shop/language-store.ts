// LanguageStore on Dexie: the choice as the LANGUAGE config row, with its localStorage copy for
// the first render (language-hint.ts).
import type { Locale } from '../../core/i18n/locales';
import type { LanguageStore } from '../../core/i18n/language-store';
import type { Clock } from '../../core/clock';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS } from '../database/key-names';
import { writeLanguageHint } from '../first-screen/language-hint';
import type { HintStorage } from '../first-screen/onboarded-hint';

export class DexieLanguageStore implements LanguageStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly hintStorage?: HintStorage,
  ) {}

  /**
   * Each read puts the copy in step with the row (another tab chose, or the copy was lost); the
   * app drops a value that is no language it speaks, in the row or the copy. The check is not
   * made here: it would put the list of languages in a chunk of its own, shared with the first
   * screen's.
   */
  async language(): Promise<string | null> {
    const value = (await this.db.config.get(CONFIG_KEYS.language))?.value;
    const choice = typeof value === 'string' ? value : null;
    writeLanguageHint(this.db.name, choice, this.hintStorage);
    return choice;
  }

  /** The copy follows the row once it is written. */
  async setLanguage(choice: Locale | null): Promise<void> {
    if (choice) {
      await this.db.config.put({
        key: CONFIG_KEYS.language,
        value: choice,
        updatedAt: this.clock(),
      });
    } else {
      await this.db.config.delete(CONFIG_KEYS.language);
    }
    writeLanguageHint(this.db.name, choice, this.hintStorage);
  }
}
