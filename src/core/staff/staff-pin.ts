// A personal staff PIN hashed with the merchant PIN's scrypt parameters (core/lock/kdf.ts,
// decision 0024), so a stored or backed-up list never holds a PIN in the clear.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { DEFAULT_KDF, deriveKeyBytes, SALT_BYTES, type KdfParams } from '../lock/kdf';
import { validatePin } from '../lock/pin';
import type { StaffPinHash } from './staff';

/** The stored form of a new personal PIN (4 to 12 digits, like the merchant PIN). */
export async function hashStaffPin(
  pin: string,
  kdf: KdfParams = DEFAULT_KDF,
): Promise<StaffPinHash> {
  validatePin(pin);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await deriveKeyBytes(pin, salt, kdf);
  return { v: 1, salt: bytesToHex(salt), hash: bytesToHex(hash), ...kdf };
}

/** Whether `pin` is the one hashed; compared in full so the time says nothing of where it differs. */
export async function staffPinMatches(pin: string, stored: StaffPinHash): Promise<boolean> {
  const hash = await deriveKeyBytes(pin, hexToBytes(stored.salt), stored);
  const want = hexToBytes(stored.hash);
  if (hash.length !== want.length) return false;
  let diff = 0;
  for (let i = 0; i < hash.length; i++) diff |= hash[i]! ^ want[i]!;
  return diff === 0;
}
