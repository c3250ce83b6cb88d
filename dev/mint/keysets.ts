// Keysets: creation with version-00 ids, lookup of private keys, rotation, and the NUT-01/02 views.
import { createNewMintKeys } from '@cashu/cashu-ts';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ErrorCode, MintError } from './errors.ts';
import type { KeysetRecord } from './types.ts';

/** Keys for 2^0 .. 2^20 sat. */
const KEY_COUNT = 21;

export function createKeyset(inputFeePpk: number, unit = 'sat'): KeysetRecord {
  const pair = createNewMintKeys(KEY_COUNT, undefined, {
    versionByte: 0,
    input_fee_ppk: inputFeePpk,
    unit,
  });
  const hexMap = (keys: Record<string, Uint8Array>) =>
    Object.fromEntries(Object.entries(keys).map(([amount, key]) => [amount, bytesToHex(key)]));
  return {
    id: pair.keysetId,
    unit,
    active: true,
    input_fee_ppk: inputFeePpk,
    pubKeys: hexMap(pair.pubKeys),
    privKeys: hexMap(pair.privKeys),
    createdAt: Date.now(),
  };
}

export class Keyring {
  private readonly privCache = new Map<string, Uint8Array>();

  constructor(private readonly keysets: KeysetRecord[]) {}

  all(): readonly KeysetRecord[] {
    return this.keysets;
  }

  active(unit = 'sat'): KeysetRecord {
    const found = this.keysets.find((k) => k.active && k.unit === unit);
    if (!found) throw new MintError(ErrorCode.unitUnsupported, `no active keyset for unit ${unit}`);
    return found;
  }

  /** Any known keyset, active or not (inputs may use old keysets). */
  get(id: unknown): KeysetRecord {
    const found = typeof id === 'string' ? this.keysets.find((k) => k.id === id) : undefined;
    if (!found) throw new MintError(ErrorCode.keysetUnknown, `keyset ${String(id)} is not known`);
    return found;
  }

  /** A keyset allowed to sign new outputs. */
  getForSigning(id: unknown): KeysetRecord {
    const keyset = this.get(id);
    if (!keyset.active) {
      throw new MintError(ErrorCode.keysetInactive, `keyset ${keyset.id} is inactive, cannot sign`);
    }
    return keyset;
  }

  privateKey(keyset: KeysetRecord, amount: number): Uint8Array | undefined {
    const hex = keyset.privKeys[String(amount)];
    if (!hex) return undefined;
    const cacheKey = `${keyset.id}:${amount}`;
    let key = this.privCache.get(cacheKey);
    if (!key) {
      key = hexToBytes(hex);
      this.privCache.set(cacheKey, key);
    }
    return key;
  }

  /** Deactivates the current keyset of the unit and adds a new active one. */
  rotate(inputFeePpk: number, unit = 'sat'): KeysetRecord {
    for (const keyset of this.keysets) if (keyset.unit === unit) keyset.active = false;
    const next = createKeyset(inputFeePpk, unit);
    this.keysets.push(next);
    return next;
  }
}

export function keysView(keyset: KeysetRecord) {
  return {
    id: keyset.id,
    unit: keyset.unit,
    active: keyset.active,
    input_fee_ppk: keyset.input_fee_ppk,
    keys: keyset.pubKeys,
  };
}

export function keysetInfoView(keyset: KeysetRecord) {
  return {
    id: keyset.id,
    unit: keyset.unit,
    active: keyset.active,
    input_fee_ppk: keyset.input_fee_ppk,
  };
}
