// ConfigStore on Dexie: config rows {key, value, updatedAt} (docs/architecture.md "Storage") with
// defaults written back. A stored mint URL or relay list is read without a write transaction:
// every screen and background task asks for them, and a read-write transaction on the config
// store holds back every other read of it.
import { ValidationError } from '../../core/errors';
import type { Clock } from '../../core/clock';
import type { ConfigStore, NewWalletOnly } from '../../core/settings/ports';
import type { CashewDb } from './db';
import { readFlag } from './config-flag';
import { CONFIG_KEYS, parseCounter } from './key-names';
import { writeOnboardedHint, type HintStorage } from '../first-screen/onboarded-hint';
import { refuseIfOnboarded } from '../wallet/wallet-exists';

export interface ConfigDefaults {
  mintUrl: string;
  relays: string[];
}

/** A usable relay list: a JSON array of at least one string. Anything else is replaced. */
function parseRelays(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
    return parsed.every((r) => typeof r === 'string') ? (parsed as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The stored mint URL, or undefined when it is missing or empty. */
function mintUrlOf(row: { value?: unknown } | undefined): string | undefined {
  return typeof row?.value === 'string' && row.value !== '' ? row.value : undefined;
}

function wholeNumber(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new ValidationError(`${what} must be a finite number`);
  return Math.trunc(value);
}

export class DexieConfigStore implements ConfigStore {
  constructor(
    private readonly db: CashewDb,
    private readonly defaults: ConfigDefaults,
    private readonly clock: Clock,
    private readonly hintStorage?: HintStorage,
  ) {}

  private row(key: string, value: string) {
    return { key, value, updatedAt: this.clock() };
  }

  /** An empty stored URL counts as missing: the app cannot work without a mint. */
  async getMintUrl(): Promise<string> {
    const stored = mintUrlOf(await this.db.config.get(CONFIG_KEYS.mintUrl));
    if (stored !== undefined) return stored;
    const { db } = this;
    // Missing: read again in the write's transaction, so a URL another tab saved meanwhile stays.
    return db.transaction('rw', db.config, async () => {
      const again = mintUrlOf(await db.config.get(CONFIG_KEYS.mintUrl));
      if (again !== undefined) return again;
      await db.config.put(this.row(CONFIG_KEYS.mintUrl, this.defaults.mintUrl));
      return this.defaults.mintUrl;
    });
  }

  async setMintUrl(url: string): Promise<void> {
    await this.db.config.put(this.row(CONFIG_KEYS.mintUrl, url));
  }

  async getRelays(): Promise<string[]> {
    const stored = parseRelays((await this.db.config.get(CONFIG_KEYS.relays))?.value);
    if (stored) return stored;
    const { db } = this;
    return db.transaction('rw', db.config, async () => {
      const relays = parseRelays((await db.config.get(CONFIG_KEYS.relays))?.value);
      if (relays) return relays;
      await db.config.put(this.row(CONFIG_KEYS.relays, JSON.stringify(this.defaults.relays)));
      return [...this.defaults.relays];
    });
  }

  async setRelays(relays: string[]): Promise<void> {
    await this.db.config.put(this.row(CONFIG_KEYS.relays, JSON.stringify(relays)));
  }

  async saveSettings(
    settings: { mintUrl: string; relays: string[] },
    options: NewWalletOnly = {},
  ): Promise<void> {
    const { db } = this;
    const rows = [
      this.row(CONFIG_KEYS.mintUrl, settings.mintUrl),
      this.row(CONFIG_KEYS.relays, JSON.stringify(settings.relays)),
    ];
    await db.transaction('rw', db.config, async () => {
      if (options.newWalletOnly) await refuseIfOnboarded(db);
      await db.config.bulkPut(rows);
    });
  }

  async getShopName(): Promise<string> {
    const value = (await this.db.config.get(CONFIG_KEYS.shopName))?.value;
    return typeof value === 'string' ? value : '';
  }

  async setShopName(name: string): Promise<void> {
    await this.db.config.put(this.row(CONFIG_KEYS.shopName, name));
  }

  async isOnboarded(): Promise<boolean> {
    return readFlag(this.db, CONFIG_KEYS.onboarded);
  }

  /** Also keeps the flag's copy for the first screen (onboarded-hint.ts), once the row is written. */
  async setOnboarded(onboarded: boolean): Promise<void> {
    await this.db.config.put(this.row(CONFIG_KEYS.onboarded, onboarded ? 'true' : 'false'));
    writeOnboardedHint(this.db.name, onboarded, this.hintStorage);
  }

  async getCounter(): Promise<number> {
    return parseCounter((await this.db.config.get(CONFIG_KEYS.counter))?.value);
  }

  async setCounter(value: number): Promise<void> {
    await this.db.config.put(this.row(CONFIG_KEYS.counter, String(wholeNumber(value, 'Counter'))));
  }

  async incrementCounter(by = 1): Promise<number> {
    return this.addToCounter(wholeNumber(by, 'Counter step'));
  }

  async decrementCounter(by = 1): Promise<number> {
    return this.addToCounter(-wholeNumber(by, 'Counter step'));
  }

  /** Read and write in one rw transaction, so two tabs never both read the same value. */
  private async addToCounter(delta: number): Promise<number> {
    const { db } = this;
    return db.transaction('rw', db.config, async () => {
      const current = parseCounter((await db.config.get(CONFIG_KEYS.counter))?.value);
      const next = current + delta;
      await db.config.put(this.row(CONFIG_KEYS.counter, String(next)));
      return next;
    });
  }
}
