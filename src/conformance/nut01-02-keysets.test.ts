// NUT-01 keys and NUT-02 keyset ids (versions 00 and 01): the check the wallet runs on a mint's
// keysets (core/wallet/keyset-check), and the ids the dev mint derives for the keysets it makes.
import { Keyset, deriveKeysetId } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { createKeyset } from '../../dev/mint/keysets';
import { MalformedKeysetError, assertKeysetSound, keysProblem } from '../core/wallet/keyset-check';
import nut01 from './vectors/nut01-keysets.json';
import nut02 from './vectors/nut02-keyset-ids.json';

type Keys = Record<string, string>;

describe('NUT-01 keys', () => {
  it.each(nut01.valid.map((v, i) => [i, v.keys as Keys] as const))(
    'accepts valid keyset %i',
    (_i, keys) => {
      expect(keysProblem(keys)).toBeUndefined();
    },
  );

  it('keeps the 2^63 amount exact (it does not fit a signed 64-bit integer)', () => {
    expect(Object.keys(nut01.valid[1]!.keys)).toContain('9223372036854775808');
    expect(keysProblem(nut01.valid[1]!.keys as Keys)).toBeUndefined();
  });

  it.each(nut01.invalid.map((v) => [v.note, v.keys as Keys] as const))(
    'refuses a keyset where %s',
    (_note, keys) => {
      expect(keysProblem(keys)).toMatch(/not a compressed public key/);
      // Even with an id derived from these very keys, the wallet refuses the keyset.
      const id = deriveKeysetId(keys, { versionByte: 0 });
      expect(() => assertKeysetSound({ id, unit: 'sat', keys })).toThrow(MalformedKeysetError);
    },
  );
});

describe('NUT-02 keyset id, version 00', () => {
  it.each(nut02.version00.map((v) => [v.id, v.keys as Keys] as const))(
    'accepts %s for its keys',
    (id, keys) => {
      expect(() => assertKeysetSound({ id, unit: 'sat', keys })).not.toThrow();
      expect(deriveKeysetId(keys, { versionByte: 0 })).toBe(id);
    },
  );

  it('refuses a version 00 id served with the other vector keyset', () => {
    const [a, b] = nut02.version00;
    expect(() => assertKeysetSound({ id: a!.id, unit: 'sat', keys: b!.keys as Keys })).toThrow(
      /does not match its keys/,
    );
  });
});

describe('NUT-02 keyset id, version 01', () => {
  type V1 = { id: string; unit: string; input_fee_ppk: number; final_expiry?: number; keys: Keys };
  const cases = nut02.version01 as V1[];

  it.each(cases.map((v) => [v.id, v] as const))(
    'accepts %s for its keys, unit, fee and expiry',
    (_id, v) => {
      expect(() => assertKeysetSound(v)).not.toThrow();
      expect(Keyset.verifyKeysetId({ ...v, active: true })).toBe(true);
    },
  );

  it('refuses a version 01 id when the fee or expiry differs from what it was derived with', () => {
    const v = cases[0]!;
    expect(() => assertKeysetSound({ ...v, input_fee_ppk: 0 })).toThrow(MalformedKeysetError);
    const { final_expiry: _expiry, ...noExpiry } = v;
    expect(() => assertKeysetSound(noExpiry)).toThrow(MalformedKeysetError);
  });
});

describe('dev mint keysets', () => {
  it('derives a version 00 id that matches its keys', () => {
    const keyset = createKeyset(100);
    expect(keyset.id).toMatch(/^00[0-9a-f]{14}$/);
    expect(() =>
      assertKeysetSound({
        id: keyset.id,
        unit: keyset.unit,
        input_fee_ppk: 100,
        keys: keyset.pubKeys,
      }),
    ).not.toThrow();
    expect(deriveKeysetId(keyset.pubKeys, { versionByte: 0 })).toBe(keyset.id);
  });
});
