// LockStore on Dexie: the PIN's lock record beside the secrets in the keys table, so one
// transaction replaces both, and the wrong-PIN count in the config table, read, checked and
// written in one transaction that all tabs share (docs/security.md "The merchant PIN").
import type { Clock } from '../../core/clock';
import {
  NO_ATTEMPTS,
  waitAfterFailures,
  type LockRecord,
  type LockStore,
  type PinAttempts,
  type ProofSealing,
  type StoredSecrets,
} from '../../core/lock';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS, KEY_NAMES } from '../database/key-names';
import { resealJournals } from '../wallet/journal-seal';
import { resealAllProofs } from '../wallet/proof-seal';
import type { KeyRow } from '../database/rows';

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

/**
 * The stored attempts; a row from before decision 0023 ({ failures, nextAllowedAt }) gives its
 * last failure's time back from the wait it had set. Anything unreadable counts as no failures.
 */
function parseAttempts(value: unknown): PinAttempts {
  const parsed = parseJson(value) as Partial<PinAttempts & { nextAllowedAt: number }> | undefined;
  if (!parsed || !Number.isInteger(parsed.failures) || (parsed.failures as number) < 0) {
    return NO_ATTEMPTS;
  }
  const failures = parsed.failures as number;
  if (Number.isFinite(parsed.lastFailureAt)) {
    return { failures, lastFailureAt: parsed.lastFailureAt as number };
  }
  if (Number.isFinite(parsed.nextAllowedAt)) {
    return {
      failures,
      lastFailureAt: (parsed.nextAllowedAt as number) - waitAfterFailures(failures),
    };
  }
  return NO_ATTEMPTS;
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

  updateAttempts<T>(
    decide: (stored: PinAttempts) => { write?: PinAttempts; answer: T },
  ): Promise<T> {
    const { db } = this;
    return db.transaction('rw', db.config, async () => {
      const row = await db.config.get(CONFIG_KEYS.pinAttempts);
      const { write, answer } = decide(parseAttempts(row?.value));
      if (write) {
        await db.config.put({
          key: CONFIG_KEYS.pinAttempts,
          value: JSON.stringify(write),
          updatedAt: this.clock(),
        });
      }
      return answer;
    });
  }

  async readSecrets(): Promise<StoredSecrets> {
    const [secretKey, mnemonic, seed, pairingSecret, salesKey] = await this.db.keys.bulkGet([
      KEY_NAMES.secretKey,
      KEY_NAMES.mnemonic,
      KEY_NAMES.seed,
      KEY_NAMES.pairingSecret,
      KEY_NAMES.salesKey,
    ]);
    const out: StoredSecrets = {};
    if (secretKey) out.secretKey = secretKey.value;
    if (mnemonic && typeof mnemonic.value === 'string') out.mnemonic = mnemonic.value;
    if (seed) out.seed = seed.value;
    if (pairingSecret) out.pairingSecret = pairingSecret.value;
    if (salesKey) out.salesKey = salesKey.value;
    return out;
  }

  async replaceSecrets(
    secrets: StoredSecrets,
    lock: LockRecord | undefined,
    proofs?: ProofSealing,
  ): Promise<void> {
    const updatedAt = this.clock();
    const rows: KeyRow[] = [];
    const add = (key: string, value: Uint8Array | string | undefined) => {
      if (value !== undefined) rows.push({ key, value, updatedAt });
    };
    add(KEY_NAMES.secretKey, secrets.secretKey);
    add(KEY_NAMES.mnemonic, secrets.mnemonic);
    add(KEY_NAMES.seed, secrets.seed);
    add(KEY_NAMES.pairingSecret, secrets.pairingSecret);
    add(KEY_NAMES.salesKey, secrets.salesKey);
    const { db } = this;
    // The proofs are sealed or opened in the same write: sealing is synchronous (decision 0030).
    await db.transaction('rw', [db.keys, db.proofs, db.mintQuotes], async () => {
      await db.keys.bulkPut(rows);
      if (lock) await db.keys.put({ key: KEY_NAMES.lock, value: JSON.stringify(lock), updatedAt });
      else await db.keys.bulkDelete([KEY_NAMES.lock, KEY_NAMES.salesKey]);
      if (proofs) {
        await resealAllProofs(db, proofs);
        await resealJournals(db, proofs);
      }
    });
  }
}
