// Typed errors of the keys module: malformed public keys in either form.
import { ValidationError } from '../errors';

/** A string that is not a valid npub (bech32 public key). `input` is what was given. */
export class InvalidNpubError extends ValidationError {
  constructor(
    readonly input: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Invalid npub: ${reason}`, options);
  }
}

/** A string that is not a 64-character lowercase hex public key. */
export class InvalidPubkeyError extends ValidationError {
  constructor(readonly input: string) {
    super('Invalid public key: expected 64 lowercase hex characters');
  }
}

/** A secret key that is not 32 bytes or is outside the secp256k1 range. */
export class InvalidSecretKeyError extends ValidationError {}
