// Checks a mint's keyset before the wallet signs anything against it: every key a compressed
// secp256k1 point (NUT-01) and the id derived from the keys (NUT-02). cashu-ts checks the id
// but not the key format, so a keyset with a truncated or uncompressed key would load.
import { Keyset, pointFromHex } from '@cashu/cashu-ts';
import { CashewError } from '../errors';

/** A mint served keys or ids the wallet must not use; nothing was signed or stored. */
export class MalformedKeysetError extends CashewError {}

const COMPRESSED_KEY = /^0[23][0-9a-f]{64}$/;
const AMOUNT = /^[1-9][0-9]*$/;

export interface KeysetKeys {
  id: string;
  unit: string;
  keys: Record<string, string>;
  input_fee_ppk?: number;
  final_expiry?: number;
}

/** What is wrong with the keys (amount -> compressed pubkey hex), or undefined when sound. */
export function keysProblem(keys: Record<string, string>): string | undefined {
  const entries = Object.entries(keys);
  if (entries.length === 0) return 'no keys';
  for (const [amount, key] of entries) {
    if (!AMOUNT.test(amount)) return `amount ${amount} is not a positive whole number`;
    if (typeof key !== 'string' || !COMPRESSED_KEY.test(key)) {
      return `key for amount ${amount} is not a compressed public key`;
    }
    try {
      pointFromHex(key);
    } catch {
      return `key for amount ${amount} is not a point on the curve`;
    }
  }
  return undefined;
}

/** Throws MalformedKeysetError unless the keys are sound and the id is the one they derive. */
export function assertKeysetSound(keyset: KeysetKeys): void {
  const problem = keysProblem(keyset.keys);
  if (problem) throw new MalformedKeysetError(`Mint keyset ${keyset.id} is malformed: ${problem}`);
  const matches = Keyset.verifyKeysetId({
    id: keyset.id,
    unit: keyset.unit,
    active: true,
    input_fee_ppk: keyset.input_fee_ppk ?? 0,
    ...(keyset.final_expiry !== undefined ? { final_expiry: keyset.final_expiry } : {}),
    keys: keyset.keys,
  });
  if (!matches) {
    throw new MalformedKeysetError(`Mint keyset id ${keyset.id} does not match its keys`);
  }
}

/** The fields of a keyset cashu-ts loaded that the check needs. */
export function keysetKeys(keyset: Keyset): KeysetKeys {
  return {
    id: keyset.id,
    unit: keyset.unit,
    keys: keyset.keys as unknown as Record<string, string>,
    input_fee_ppk: keyset.fee,
    ...(keyset.expiry !== undefined ? { final_expiry: keyset.expiry } : {}),
  };
}
