// Consolidation rounds without a mint: bounded swaps, merges of round outputs, fees summed.
import { describe, expect, it } from 'vitest';
import {
  MAX_SWAP_INPUTS,
  planRounds,
  type RoundItem,
  type RoundRules,
} from './consolidation-rounds';

/** Power-of-two split and NUT-02 fees: ceil(sum of the inputs' ppk / 1000). */
function rules(ppk: Record<string, number>, maxInputs?: number): RoundRules {
  return {
    feeFor: (items) => Math.ceil(items.reduce((sum, item) => sum + (ppk[item.id] ?? 0), 0) / 1000),
    split: (amount) => {
      const out: number[] = [];
      for (let bit = 1; bit <= amount; bit *= 2) if (amount & bit) out.push(bit);
      return out;
    },
    outputKeysetId: 'out',
    maxInputs,
  };
}

const ones = (n: number, id = 'a'): RoundItem[] =>
  Array.from({ length: n }, () => ({ id, amount: 1 }));

describe('planRounds', () => {
  it('swaps at most 100 inputs per round by default', () => {
    const plan = planRounds(ones(350), rules({ a: 0, out: 0 }));
    expect(MAX_SWAP_INPUTS).toBe(100);
    expect(plan.rounds.every((r) => r.inputCount <= 100)).toBe(true);
    expect(plan.rounds.filter((r) => r.level === 0).map((r) => r.inputCount)).toEqual([
      100, 100, 100, 50,
    ]);
  });

  it('merges the outputs of several rounds into the minimal split of the total', () => {
    const plan = planRounds(ones(350), rules({ a: 0, out: 0 }));
    // 100 -> 64+32+4 three times, 50 -> 32+16+2: 12 proofs, merged into 350's 6 bits
    expect(plan.rounds.filter((r) => r.level === 1)).toEqual([
      { level: 1, inputCount: 12, inputAmount: 350, fee: 0, amount: 350, outputCount: 6 },
    ]);
    expect(plan).toMatchObject({ fee: 0, amount: 350, proofCount: 6 });
    expect(plan.proofCount).toBeLessThanOrEqual(Math.ceil(Math.log2(350)) + 1);
  });

  it('counts the fee of every round and of the merge', () => {
    // 100 ppk: 10 sats per full round, 5 for the half one, 2 for merging 16 outputs
    const plan = planRounds(ones(350), rules({ a: 100, out: 100 }));
    expect(plan.rounds.map((r) => r.fee)).toEqual([10, 10, 10, 5, 2]);
    expect(plan).toMatchObject({ fee: 37, amount: 313, proofCount: 5 });
    expect(plan.amount + plan.fee).toBe(350);
  });

  it('needs one swap and no merge for up to 100 inputs', () => {
    const plan = planRounds(ones(30), rules({ a: 100, out: 100 }));
    expect(plan.rounds).toHaveLength(1);
    expect(plan).toMatchObject({ fee: 3, amount: 27, proofCount: 4 });
  });

  it('adds merge levels until the outputs fit one round', () => {
    const plan = planRounds(ones(2000), rules({ a: 0, out: 0 }, 10));
    expect(plan.rounds.every((r) => r.inputCount <= 10)).toBe(true);
    expect(Math.max(...plan.rounds.map((r) => r.level))).toBeGreaterThan(1);
    expect(plan).toMatchObject({ fee: 0, amount: 2000, proofCount: 6 }); // 2000 has 6 bits
  });

  it('plans the same rounds whatever order the proofs are stored in', () => {
    const mixed = [...ones(120, 'a'), ...ones(90, 'b'), { id: 'a', amount: 64 }];
    const shuffled = [...mixed].reverse();
    const r = rules({ a: 100, b: 300, out: 100 });
    expect(planRounds(shuffled, r)).toEqual(planRounds(mixed, r));
  });

  it('reports amount 0 when a round fee would take the whole round', () => {
    expect(planRounds(ones(150), rules({ a: 1000 })).amount).toBe(0);
  });
});
