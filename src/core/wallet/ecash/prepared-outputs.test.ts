// Outputs prepared while a request is open are exactly the ones derived at the swap: same secrets,
// blinding factors and blinded messages for the same counters, each handed out once, never another seed's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputData, splitAmount, type Keyset } from '@cashu/cashu-ts';
import {
  cleanupTempDirs,
  newWallet,
  startTestMint,
  type TestMint,
} from '../../../../dev/mint/test-support';
import { PreparedOutputs } from './prepared-outputs';

let mint: TestMint;
let keyset: Keyset;
const seed = new Uint8Array(64).fill(7);

beforeAll(async () => {
  mint = await startTestMint();
  keyset = (await newWallet(mint.url)).getKeyset();
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

function plain(outputs: OutputData[]) {
  return outputs.map((o) => ({
    amount: o.blindedMessage.amount.toNumber(),
    id: o.blindedMessage.id,
    B_: o.blindedMessage.B_,
    r: o.blindingFactor,
    secret: [...o.secret],
  }));
}

function derived(amount: number, start: number, ofSeed = seed) {
  return OutputData.createDeterministicData(
    amount,
    ofSeed,
    start,
    keyset,
    splitAmount(amount, keyset.keys),
  );
}

describe('PreparedOutputs', () => {
  it('hands out, from what it prepared, the outputs the swap would derive for those counters', () => {
    const prepared = new PreparedOutputs();
    prepared.prepare(seed, keyset, 40, 3);
    const amounts = splitAmount(21, keyset.keys);
    expect(amounts).toHaveLength(3);
    expect(plain(prepared.outputs(seed, keyset, 40, amounts))).toEqual(plain(derived(21, 40)));
  });

  it('derives what it did not prepare: other counters, a longer range, a counter handed out before', () => {
    const prepared = new PreparedOutputs();
    prepared.prepare(seed, keyset, 10, 2);
    const three = splitAmount(7, keyset.keys);
    expect(plain(prepared.outputs(seed, keyset, 11, three))).toEqual(plain(derived(7, 11)));
    expect(plain(prepared.outputs(seed, keyset, 10, splitAmount(1, keyset.keys)))).toEqual(
      plain(derived(1, 10)),
    );
  });

  it('never hands out the outputs of another seed', () => {
    const prepared = new PreparedOutputs();
    prepared.prepare(seed, keyset, 0, 2);
    const other = new Uint8Array(64).fill(9);
    const amounts = splitAmount(3, keyset.keys);
    expect(plain(prepared.outputs(other, keyset, 0, amounts))).toEqual(plain(derived(3, 0, other)));
    expect(plain(derived(3, 0, other))).not.toEqual(plain(derived(3, 0)));
  });
});
