// A restore batch's outputs are the NUT-13 vectors' secrets and blinding factors, and exactly the
// OutputData cashu-ts builds for the same counters, for keyset ids of version 00 and 01
// (src/conformance/vectors/nut13-secrets.json).
import { OutputData, type Keyset } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { seedFromPhrase } from '../../keys/derive';
import nut01 from '../../../conformance/vectors/nut01-keysets.json';
import vectors from '../../../conformance/vectors/nut13-secrets.json';
import { restoreOutputs } from './restore-outputs';

function keysetOf(id: string): Keyset {
  return { id, unit: 'sat', keys: nut01.valid[1]!.keys } as unknown as Keyset;
}

/** What the outputs carry, comparable with toEqual (B_, amount and id, secret, r). */
function plain(outputs: OutputData[]) {
  return outputs.map((o) => ({
    B_: o.blindedMessage.B_,
    id: o.blindedMessage.id,
    amount: o.blindedMessage.amount.toString(),
    secret: new TextDecoder().decode(o.secret),
    r: o.blindingFactor,
  }));
}

describe('restoreOutputs', () => {
  for (const version of ['version00', 'version01'] as const) {
    it(`derives the NUT-13 ${version} vectors' secrets and blinding factors`, async () => {
      const { mnemonic, keysetId, secrets, r } = vectors[version];
      const seed = await seedFromPhrase(mnemonic);
      const outputs = restoreOutputs(seed, keysetOf(keysetId), 0, secrets.length);
      expect(outputs.map((o) => new TextDecoder().decode(o.secret))).toEqual(secrets);
      expect(outputs.map((o) => o.blindingFactor.toString(16).padStart(64, '0'))).toEqual(r);
    });
  }

  it('builds the same outputs as cashu-ts, at any counter', async () => {
    const seed = await seedFromPhrase(vectors.version00.mnemonic);
    const keyset = keysetOf(vectors.version00.keysetId);
    for (const start of [0, 97, 123_456]) {
      const zeros = Array<number>(12).fill(0);
      expect(plain(restoreOutputs(seed, keyset, start, 12))).toEqual(
        plain(OutputData.createDeterministicData(0, seed, start, keyset, zeros)),
      );
    }
  });

  it('derives nothing for an empty range', async () => {
    const seed = await seedFromPhrase(vectors.version00.mnemonic);
    expect(restoreOutputs(seed, keysetOf(vectors.version00.keysetId), 5, 0)).toEqual([]);
  });
});
