// The till lock: the merchant PIN, the key it unlocks for the secrets at rest, the gate in front
// of the protected actions and the growing wait after wrong PINs (docs/security.md).
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { noCheckpoint, type Checkpoint } from '../checkpoint';
import { ValidationError } from '../errors';
import { Listeners } from '../listeners';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../ports';
import { DEFAULT_KDF, deriveKey, SALT_BYTES, type KdfParams } from './kdf';
import { validatePin, waitAfterFailures } from './pin';
import { isSealed, open, seal } from './sealed';
import type { LockRecord, LockStore, PinAttempts, SecretCodec, StoredSecrets } from './types';

/** A correct PIN keeps the protected actions open while the merchant keeps using the app. */
export const GATE_OPEN_MS = 3 * 60_000;

export const PIN_NOT_SET_MESSAGE = 'No PIN is set';
export const PIN_LOCKED_MESSAGE = 'Enter the PIN first';

export type PinResult = { ok: true } | { ok: false; waitMs: number };

export type LockState = 'no-pin' | 'locked' | 'unlocked';

export interface TillLockDeps {
  store: LockStore;
  clock: Clock;
  logger?: Logger;
  /** tests stop a PIN change between its steps (core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  kdf?: KdfParams;
  gateOpenMs?: number;
}

const CHECK_TEXT = 'cashew-pos pin check';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export class TillLock implements SecretCodec {
  private record: LockRecord | undefined;
  private key: CryptoKey | undefined;
  private loading: Promise<void> | undefined;
  private unlocked = deferred<CryptoKey>();
  private openUntil = 0;
  /** one PIN check or change at a time: the attempts row is read-modify-write */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changes: Listeners<LockState>;

  constructor(private readonly deps: TillLockDeps) {
    this.changes = new Listeners(deps.logger ?? silentLogger, 'Lock listener failed');
  }

  /** Reads whether a PIN is set; every other method waits for it. */
  init(): Promise<void> {
    this.loading ??= this.deps.store.readLock().then((record) => {
      this.record = record;
      this.emit();
    });
    return this.loading;
  }

  /** After init: no PIN, locked (PIN set, not entered since start) or unlocked. */
  state(): LockState {
    if (!this.record) return 'no-pin';
    return this.key ? 'unlocked' : 'locked';
  }

  onChange(listener: (state: LockState) => void): () => void {
    return this.changes.add(listener);
  }

  /** Whether a protected action may run now without asking (always, without a PIN). */
  gateOpen(): boolean {
    if (!this.record) return true;
    return this.key !== undefined && this.deps.clock() < this.openUntil;
  }

  /** An interaction while the gate is open keeps it open for another GATE_OPEN_MS. */
  touch(): void {
    if (this.gateOpen()) this.openUntil = this.deps.clock() + this.gateOpenMs();
  }

  /** Closes the gate now (the secrets stay readable until the page closes). */
  closeGate(): void {
    this.openUntil = 0;
  }

  /** Milliseconds before the next PIN may be tried (0: now). */
  async waitMs(): Promise<number> {
    const attempts = await this.deps.store.readAttempts();
    return Math.max(0, attempts.nextAllowedAt - this.deps.clock());
  }

  /**
   * Checks a PIN: unlocks the secrets at start-up and opens the gate. A wrong PIN, or a try
   * before the wait is over, answers how long to wait. The failure is written before the
   * (slow) check, so closing the tab mid-check still counts it.
   */
  enter(pin: string): Promise<PinResult> {
    return this.serial(async () => {
      await this.init();
      const record = this.record;
      if (!record) return { ok: true };
      const before = await this.deps.store.readAttempts();
      const now = this.deps.clock();
      if (before.nextAllowedAt > now) return { ok: false, waitMs: before.nextAllowedAt - now };
      const failed: PinAttempts = {
        failures: before.failures + 1,
        nextAllowedAt: now + waitAfterFailures(before.failures + 1),
      };
      await this.deps.store.writeAttempts(failed);
      const key = await this.keyFor(pin, record);
      if (!key) return { ok: false, waitMs: Math.max(0, failed.nextAllowedAt - this.deps.clock()) };
      await this.deps.store.writeAttempts({ failures: 0, nextAllowedAt: 0 });
      this.useKey(key);
      return { ok: true };
    });
  }

  /**
   * Sets a PIN, or changes it (the gate must be open): every secret is sealed under the new key
   * and written with the new lock record in one transaction, so a crash before it leaves the old
   * PIN (or none) working.
   */
  setPin(pin: string): Promise<void> {
    validatePin(pin);
    return this.serial(async () => {
      await this.init();
      const oldKey = this.requireOpen();
      const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
      const params = this.deps.kdf ?? DEFAULT_KDF;
      const key = await deriveKey(pin, salt, params);
      const secrets = await this.reseal(oldKey, (plain) => seal(key, plain));
      const record: LockRecord = {
        v: 1,
        salt: bytesToHex(salt),
        ...params,
        check: await seal(key, new TextEncoder().encode(CHECK_TEXT)),
      };
      await (this.deps.checkpoint ?? noCheckpoint)('pin:resealed');
      await this.deps.store.replaceSecrets(secrets, record);
      this.record = record;
      this.useKey(key);
    });
  }

  /** Removes the PIN (the gate must be open): the secrets are stored plain again, one transaction. */
  removePin(): Promise<void> {
    return this.serial(async () => {
      await this.init();
      if (!this.record) throw new ValidationError(PIN_NOT_SET_MESSAGE);
      const oldKey = this.requireOpen();
      const secrets = await this.reseal(oldKey, async (plain) => plain);
      await (this.deps.checkpoint ?? noCheckpoint)('pin:resealed');
      await this.deps.store.replaceSecrets(secrets, undefined);
      this.record = undefined;
      this.key = undefined;
      this.emit();
    });
  }

  async protect<T extends Uint8Array | string>(plain: T): Promise<T | string> {
    await this.init();
    if (!this.record) return plain;
    const key = this.key ?? (await this.unlocked.promise);
    return seal(key, typeof plain === 'string' ? new TextEncoder().encode(plain) : plain);
  }

  async reveal(sealed: string): Promise<Uint8Array> {
    await this.init();
    if (!this.record) {
      // Sealed rows without a known PIN: another tab set one since this tab started.
      this.record = await this.deps.store.readLock();
      this.emit();
    }
    const key = this.key ?? (await this.unlocked.promise);
    return open(key, sealed);
  }

  private gateOpenMs(): number {
    return this.deps.gateOpenMs ?? GATE_OPEN_MS;
  }

  private requireOpen(): CryptoKey | undefined {
    if (!this.record) return undefined;
    if (!this.gateOpen() || !this.key) throw new ValidationError(PIN_LOCKED_MESSAGE);
    return this.key;
  }

  private async keyFor(pin: string, record: LockRecord): Promise<CryptoKey | undefined> {
    const key = await deriveKey(pin, hexToBytes(record.salt), record);
    try {
      const check = new TextDecoder().decode(await open(key, record.check));
      return check === CHECK_TEXT ? key : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every stored secret opened with the old key (if sealed) and written out by `write`. */
  private async reseal(
    oldKey: CryptoKey | undefined,
    write: (plain: Uint8Array) => Promise<Uint8Array | string>,
  ): Promise<StoredSecrets> {
    const stored = await this.deps.store.readSecrets();
    const plain = async (value: Uint8Array | string): Promise<Uint8Array> => {
      if (isSealed(value)) {
        if (!oldKey) throw new ValidationError(PIN_LOCKED_MESSAGE);
        return open(oldKey, value);
      }
      return typeof value === 'string' ? new TextEncoder().encode(value) : value;
    };
    const out: StoredSecrets = {};
    if (stored.secretKey !== undefined) out.secretKey = await write(await plain(stored.secretKey));
    if (stored.seed !== undefined) out.seed = await write(await plain(stored.seed));
    if (stored.pairingSecret !== undefined) {
      out.pairingSecret = await write(await plain(stored.pairingSecret));
    }
    if (stored.mnemonic !== undefined) {
      const sealedOrBytes = await write(await plain(stored.mnemonic));
      out.mnemonic =
        typeof sealedOrBytes === 'string' ? sealedOrBytes : new TextDecoder().decode(sealedOrBytes);
    }
    return out;
  }

  private useKey(key: CryptoKey): void {
    this.key = key;
    this.unlocked.resolve(key);
    this.openUntil = this.deps.clock() + this.gateOpenMs();
    this.emit();
  }

  private emit(): void {
    this.changes.emit(this.state());
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
