// Public surface of the till lock (docs/security.md).
export { NO_ATTEMPTS, type PinAttempts } from './attempts';
export { DEFAULT_KDF, deriveKey, deriveKeyBytes, type KdfParams } from './kdf';
export {
  choosePin,
  LONGEST_WAIT_MS,
  PIN_FORMAT_MESSAGE,
  PIN_MAX_DIGITS,
  PIN_MIN_DIGITS,
  PIN_MISMATCH_MESSAGE,
  validatePin,
  waitAfterFailures,
} from './pin';
export { isSealed } from './sealed';
export {
  GATE_OPEN_MS,
  PIN_LOCKED_MESSAGE,
  PIN_SET_MESSAGE,
  TillLock,
  type LockState,
  type PinResult,
  type TillLockDeps,
} from './till-lock';
export {
  isSealedBox,
  newSalesKey,
  SalesOpener,
  SalesSealer,
  sealedProofKey,
  type SealedBox,
} from './sales-seal';
// The ports and records the lock's storage implements, all of them.
export type * from './types';
