// What the till lock needs from storage (implemented by src/storage/keys/lock-store.ts).
import type { PinAttempts } from './attempts';
import type { KdfParams } from './kdf';
import type { SalesOpener } from './sales-seal';

export type { PinAttempts } from './attempts';

/** Stored when a PIN is set: how to derive the key, and a value sealed with it to check a PIN. */
export interface LockRecord extends KdfParams {
  v: 1;
  /** hex */
  salt: string;
  /** a known value sealed with the PIN's key: opening it proves the PIN */
  check: string;
  /** the sales public key (x-only hex) new proofs are sealed to (decision 0030); plain on purpose */
  salesKey?: string;
}

/** The secret rows as stored: plain (bytes, or text for the phrase) or sealed strings. */
export interface StoredSecrets {
  secretKey?: Uint8Array | string;
  mnemonic?: string;
  seed?: Uint8Array | string;
  /** the cashier-link pairing secret (decision 0024: sealed like the others) */
  pairingSecret?: Uint8Array | string;
  /** the sales private key (decision 0030), sealed under the PIN key; removed with the PIN */
  salesKey?: Uint8Array | string;
}

/** What happens to the stored proofs in the same transaction as a PIN change (decision 0030). */
export type ProofSealing = { sealTo: string } | { openWith: SalesOpener };

/** The sales key pair as storage needs it, synchronously, inside its transactions. */
export interface SalesKeys {
  /** Reads whether a PIN is set; a proof write waits for it before its transaction. */
  init(): Promise<void>;
  /** Set while a PIN is set (after init): new proofs are sealed to it. */
  salesPublicKey(): string | undefined;
  /** Set once the PIN has been entered: sealed proofs open with it. */
  salesOpener(): SalesOpener | undefined;
}

export interface LockStore {
  readLock(): Promise<LockRecord | undefined>;
  /**
   * One readwrite transaction on the attempts row, which every tab shares: `decide` gets the
   * stored row (synchronously, inside the transaction) and returns the row to write, if any, and
   * the answer. Two tabs' calls never interleave, so each sees the other's write.
   */
  updateAttempts<T>(
    decide: (stored: PinAttempts) => { write?: PinAttempts; answer: T },
  ): Promise<T>;
  readSecrets(): Promise<StoredSecrets>;
  /**
   * One transaction: the secret rows given (rows absent from `secrets` are left alone) and the
   * lock record (undefined deletes it, and the sales key row with it), and every stored proof
   * sealed or opened as `proofs` says. A PIN change is this one write, so it is all or nothing.
   */
  replaceSecrets(
    secrets: StoredSecrets,
    lock: LockRecord | undefined,
    proofs?: ProofSealing,
  ): Promise<void>;
}

/** How the key store seals what it writes and opens what it reads. */
export interface SecretCodec {
  /** Sealed when a PIN is set (waiting for unlock), else the value unchanged. */
  protect<T extends Uint8Array | string>(plain: T): Promise<T | string>;
  /** Opens a sealed value, waiting until the till is unlocked. */
  reveal(sealed: string): Promise<Uint8Array>;
}
