// The till lock: the merchant PIN, the key it unlocks for the secrets at rest, the gate in front
// of the money-out actions and the growing wait after wrong PINs (docs/security.md).
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { noCheckpoint, type Checkpoint } from '../checkpoint';
import { ValidationError } from '../errors';
import { Listeners } from '../listeners';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../clock';
import { DEFAULT_KDF, deriveKey, SALT_BYTES, type KdfParams } from './kdf';
import { failureKey, recordFailure, viewAttempts, NO_ATTEMPTS, type PinAttempts } from './attempts';
import { validatePin, waitAfterFailures } from './pin';
import { newSalesKey, SalesOpener, salesPublicKeyOf } from './sales-seal';
import { isSealed, open, seal } from './sealed';
import type {
  LockRecord,
  LockStore,
  ProofSealing,
  SalesKeys,
  SecretCodec,
  StoredSecrets,
} from './types';

/**
 * A PIN entered for a money-out action keeps them open this long, measured from that entry and
 * never extended (decision 0023).
 */
export const GATE_OPEN_MS = 3 * 60_000;

export const PIN_NOT_SET_MESSAGE = 'No PIN is set';
export const PIN_LOCKED_MESSAGE = 'Enter the PIN first';
/** setPin only sets a first PIN; a change goes through changePin with the current one. */
export const PIN_SET_MESSAGE = 'A PIN is already set: enter the current PIN to change it';

/** `wrong`: the PIN was checked and is wrong; false: refused unchecked, the wait is not over. */
export type PinResult = { ok: true } | { ok: false; waitMs: number; wrong: boolean };

export type LockState = 'no-pin' | 'locked' | 'unlocked';

export interface TillLockDeps {
  store: LockStore;
  clock: Clock;
  logger?: Logger;
  /** tests stop a PIN change between its steps (core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  kdf?: KdfParams;
  gateOpenMs?: number;
  /**
   * A clock the merchant cannot set (performance.now by default): the gate's 3 minutes and how
   * long this page has known a failure are measured with it.
   */
  monotonic?: Clock;
}

const CHECK_TEXT = 'cashew-pos pin check';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export class TillLock implements SecretCodec, SalesKeys {
  private record: LockRecord | undefined;
  private key: CryptoKey | undefined;
  /** the sales private key, opened on unlock (decision 0030) */
  private opener: SalesOpener | undefined;
  private loading: Promise<void> | undefined;
  /** whether init has read the lock record: until then the gate reads closed */
  private loaded = false;
  private unlocked = deferred<CryptoKey>();
  /** monotonic time the gate closes at */
  private openUntil = 0;
  /** the last failure this page has seen, and when (monotonic) it first saw it */
  private seen: { key: string; at: number } | undefined;
  /** one PIN check or change at a time in this page (tabs share the attempts transaction) */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changes: Listeners<LockState>;

  constructor(private readonly deps: TillLockDeps) {
    this.changes = new Listeners(deps.logger ?? silentLogger, 'Lock listener failed');
  }

  /** Reads whether a PIN is set; every other method waits for it. */
  init(): Promise<void> {
    this.loading ??= this.deps.store.readLock().then((record) => {
      this.record = record;
      this.loaded = true;
      this.emit();
    });
    return this.loading;
  }

  /** After init: no PIN, locked (PIN set, not entered since start) or unlocked. */
  state(): LockState {
    if (!this.record) return 'no-pin';
    return this.key ? 'unlocked' : 'locked';
  }

  salesPublicKey(): string | undefined {
    return this.record?.salesKey;
  }

  salesOpener(): SalesOpener | undefined {
    return this.opener;
  }

  onChange(listener: (state: LockState) => void): () => void {
    return this.changes.add(listener);
  }

  /**
   * Whether a money-out action may run now without asking (always, without a PIN): only within
   * GATE_OPEN_MS of a PIN entered for one (openGate, changePin), never extended by use.
   */
  gateOpen(): boolean {
    // Before init, a PIN may be set: closed (the gate's users wait for init, then ask again).
    if (!this.loaded) return false;
    if (!this.record) return true;
    return this.key !== undefined && this.monotonic() < this.openUntil;
  }

  /** Closes the gate now (the secrets stay readable until the page closes). */
  closeGate(): void {
    this.openUntil = 0;
  }

  /** Milliseconds before the next PIN may be checked (0: now). */
  waitMs(): Promise<number> {
    return this.deps.store.updateAttempts((stored) => {
      const view = this.view(stored);
      return { ...(view.restart ? { write: view.restart } : {}), answer: view.waitMs };
    });
  }

  /**
   * Checks a PIN and unlocks the secrets (the lock at start-up); the money-out gate stays as it
   * was. A wrong PIN, or a try before the wait is over, answers how long to wait.
   */
  enter(pin: string): Promise<PinResult> {
    return this.serial(() => this.check(pin));
  }

  /** Checks a PIN entered for a money-out action: unlocks, and opens the gate for GATE_OPEN_MS. */
  openGate(pin: string): Promise<PinResult> {
    return this.serial(async () => {
      const result = await this.check(pin);
      if (result.ok) this.openWindow();
      return result;
    });
  }

  /** Sets the first PIN (none set yet); a PIN already set is changed with changePin. */
  setPin(pin: string): Promise<void> {
    validatePin(pin);
    return this.serial(async () => {
      await this.init();
      if (this.record) throw new ValidationError(PIN_SET_MESSAGE);
      await this.writePin(pin);
    });
  }

  /** Changes the PIN: the current one is checked first, as any PIN entry (the same waits). */
  changePin(current: string, pin: string): Promise<PinResult> {
    validatePin(pin);
    return this.serial(async () => {
      const result = await this.check(current);
      if (!result.ok) return result;
      this.openWindow();
      await this.writePin(pin);
      return result;
    });
  }

  /** Removes the PIN: the current one is checked first, as any PIN entry (the same waits). */
  removePin(current: string): Promise<PinResult> {
    return this.serial(async () => {
      await this.init();
      if (!this.record) throw new ValidationError(PIN_NOT_SET_MESSAGE);
      const result = await this.check(current);
      if (!result.ok) return result;
      this.openWindow();
      await this.clearPin();
      return result;
    });
  }

  /**
   * One PIN check. The attempts row is read, checked and, when a check may run, written with one
   * more failure in one transaction, before the (slow) check: tabs guessing at once get one check
   * per wait, and closing the tab mid-check still counts it. A right PIN clears the count.
   */
  private async check(pin: string): Promise<PinResult> {
    await this.init();
    const record = this.record;
    if (!record) return { ok: true };
    const gate = await this.deps.store.updateAttempts<PinResult | PinAttempts>((stored) => {
      const view = this.view(stored);
      if (view.waitMs > 0) {
        const refused = { ok: false as const, waitMs: view.waitMs, wrong: false };
        return { ...(view.restart ? { write: view.restart } : {}), answer: refused };
      }
      const failed = recordFailure(stored, this.deps.clock());
      this.seen = { key: failureKey(failed), at: this.monotonic() };
      return { write: failed, answer: failed };
    });
    if ('ok' in gate) return gate;
    const key = await this.keyFor(pin, record);
    // Wrong: the whole step, counted from now (the check itself took a moment of it).
    if (!key) return { ok: false, waitMs: waitAfterFailures(gate.failures), wrong: true };
    await this.deps.store.updateAttempts(() => ({ write: NO_ATTEMPTS, answer: undefined }));
    await this.openSales(key, record);
    this.useKey(key);
    return { ok: true };
  }

  /**
   * Opens the sales private key into memory. A PIN set before decision 0030 has none yet: one is
   * made now and the stored proofs are sealed to it, with the lock record, in one transaction.
   */
  private async openSales(key: CryptoKey, record: LockRecord): Promise<void> {
    const stored = (await this.deps.store.readSecrets()).salesKey;
    if (record.salesKey && isSealed(stored)) {
      this.opener = new SalesOpener(await open(key, stored));
      return;
    }
    const sales = newSalesKey();
    const next: LockRecord = { ...record, salesKey: sales.publicKey };
    await this.deps.store.replaceSecrets({ salesKey: await seal(key, sales.privateKey) }, next, {
      sealTo: sales.publicKey,
    });
    this.record = next;
    this.opener = new SalesOpener(sales.privateKey);
  }

  /** The wait for this page, noting when it first saw the stored failure. */
  private view(stored: PinAttempts) {
    const now = this.monotonic();
    const key = failureKey(stored);
    if (this.seen?.key !== key) this.seen = { key, at: now };
    const view = viewAttempts(stored, this.deps.clock(), now - this.seen.at);
    if (view.restart) this.seen = { key: failureKey(view.restart), at: now };
    return view;
  }

  /**
   * Every secret is sealed under the new PIN's key and written with the new lock record in one
   * transaction, so a crash before it leaves the old PIN (or none) working.
   */
  private async writePin(pin: string): Promise<void> {
    const oldKey = this.requireOpen();
    const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    const params = this.deps.kdf ?? DEFAULT_KDF;
    const key = await deriveKey(pin, salt, params);
    const { secrets, salesKey } = await this.reseal(oldKey, (plain) => seal(key, plain));
    // The sales key pair outlives a PIN change: proofs sealed to it stay as they are.
    const privateKey = salesKey ?? newSalesKey().privateKey;
    const publicKey = salesPublicKeyOf(privateKey);
    if (!salesKey) secrets.salesKey = await seal(key, privateKey);
    const record: LockRecord = {
      v: 1,
      salt: bytesToHex(salt),
      ...params,
      check: await seal(key, new TextEncoder().encode(CHECK_TEXT)),
      salesKey: publicKey,
    };
    await (this.deps.checkpoint ?? noCheckpoint)('pin:resealed');
    await this.deps.store.replaceSecrets(secrets, record, { sealTo: publicKey });
    this.record = record;
    this.opener = new SalesOpener(privateKey);
    this.useKey(key);
    // Typing a new PIN is a PIN entry for a money-out action (changing it is one).
    this.openWindow();
  }

  /** The secrets are stored plain again with the lock record gone, one transaction. */
  private async clearPin(): Promise<void> {
    const oldKey = this.requireOpen();
    const { secrets, salesKey } = await this.reseal(oldKey, async (plain) => plain);
    // Without a PIN there is no sales key: the proofs are stored plain again, in the same write.
    delete secrets.salesKey;
    const proofs: ProofSealing | undefined = salesKey
      ? { openWith: new SalesOpener(salesKey) }
      : undefined;
    await (this.deps.checkpoint ?? noCheckpoint)('pin:resealed');
    await this.deps.store.replaceSecrets(secrets, undefined, proofs);
    this.record = undefined;
    this.key = undefined;
    this.opener = undefined;
    this.emit();
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

  private monotonic(): number {
    return (this.deps.monotonic ?? (() => performance.now()))();
  }

  private openWindow(): void {
    this.openUntil = this.monotonic() + this.gateOpenMs();
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

  /**
   * Every stored secret opened with the old key (if sealed) and written out by `write`; the sales
   * private key also as it is opened, since the new lock record needs its public half.
   */
  private async reseal(
    oldKey: CryptoKey | undefined,
    write: (plain: Uint8Array) => Promise<Uint8Array | string>,
  ): Promise<{ secrets: StoredSecrets; salesKey?: Uint8Array }> {
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
    if (stored.salesKey === undefined) return { secrets: out };
    const salesKey = await plain(stored.salesKey);
    out.salesKey = await write(salesKey);
    return { secrets: out, salesKey };
  }

  private useKey(key: CryptoKey): void {
    this.key = key;
    this.unlocked.resolve(key);
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
