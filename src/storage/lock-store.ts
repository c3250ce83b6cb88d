// LockStore on Dexie: the PIN's lock record beside the secrets in the keys table, so one
// transaction replaces both, and the wrong-PIN count in the config table (docs/security.md).
import type { Clock } from '../core/ports';
import type { LockRecord, LockStore, PinAttempts, StoredSecrets } from '../core/lock';
import type { CashewDb } from './db';
import { CONFIG_KEYS, KEY_NAMES } from './key-names';
import type { KeyRow } from './rows';

const NO_ATTEMPTS: PinAttempts = { failures: 0, nextAllowedAt: 0 };

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function isLockRecord(value: unknown): value is LockRecord {
  const r = value as Partial<LockRecord> | undefined;
  return (
    r !== undefined &&
    r !== null &&
    r.v === 1 &&
    typeof r.salt === 'string' &&
    typeof r.check === 'string' &&
    [r.n, r.r, r.p].every((x) => Number.isInteger(x) && (x as number) > 0)
  );
}

export class DexieLockStore implements LockStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async readLock(): Promise<LockRecord | undefined> {
    const parsed = parseJson((await this.db.keys.get(KEY_NAMES.lock))?.value);
    return isLockRecord(parsed) ? parsed : undefined;
  }

  async readAttempts(): Promise<PinAttempts> {
    const parsed = parseJson((await this.db.config.get(CONFIG_KEYS.pinAttempts))?.value) as
      Partial<PinAttempts> | undefined;
    if (!parsed || !Number.isInteger(parsed.failures) || typeof parsed.nextAllowedAt !== 'number') {
      return NO_ATTEMPTS;
    }
    return { failures: parsed.failures as number, nextAllowedAt: parsed.nextAllowedAt };
  }

  async writeAttempts(attempts: PinAttempts): Promise<void> {
    await this.db.config.put({
      key: CONFIG_KEYS.pinAttempts,
      value: JSON.stringify(attempts),
      updatedAt: this.clock(),
    });
  }

  async readSecrets(): Promise<StoredSecrets> {
    const [secretKey, mnemonic, seed, pairingSecret] = await this.db.keys.bulkGet([
      KEY_NAMES.secretKey,
      KEY_NAMES.mnemonic,
      KEY_NAMES.seed,
      KEY_NAMES.pairingSecret,
    ]);
    const out: StoredSecrets = {};
    if (secretKey) out.secretKey = secretKey.value;
    if (mnemonic && typeof mnemonic.value === 'string') out.mnemonic = mnemonic.value;
    if (seed) out.seed = seed.value;
    if (pairingSecret) out.pairingSecret = pairingSecret.value;
    return out;
  }

  async replaceSecrets(secrets: StoredSecrets, lock: LockRecord | undefined): Promise<void> {
    const updatedAt = this.clock();
    const rows: KeyRow[] = [];
    const add = (key: string, value: Uint8Array | string | undefined) => {
      if (value !== undefined) rows.push({ key, value, updatedAt });
    };
    add(KEY_NAMES.secretKey, secrets.secretKey);
    add(KEY_NAMES.mnemonic, secrets.mnemonic);
    add(KEY_NAMES.seed, secrets.seed);
    add(KEY_NAMES.pairingSecret, secrets.pairingSecret);
    const { db } = this;
    await db.transaction('rw', db.keys, async () => {
      await db.keys.bulkPut(rows);
      if (lock) await db.keys.put({ key: KEY_NAMES.lock, value: JSON.stringify(lock), updatedAt });
      else await db.keys.delete(KEY_NAMES.lock);
    });
  }
}
