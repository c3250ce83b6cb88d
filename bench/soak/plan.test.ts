// The soak's draws: every fault a valid switch for the operation it comes before.
import { describe, expect, it } from 'vitest';
import { parseFaultRule } from '../../dev/mint/faults.ts';
import { chooseFault, chooseOp, OP_KINDS, OP_STEPS } from './plan.ts';
import { Random } from './random.ts';

describe('the soak plan', () => {
  it('draws mint rules the dev mint accepts and freezes at steps of the operation', () => {
    const random = new Random(3);
    const wrong: string[] = [];
    for (let i = 0; i < 3_000; i += 1) {
      const op = chooseOp(random);
      const fault = chooseFault(random, op);
      if ('rule' in fault) {
        try {
          parseFaultRule(fault.rule);
        } catch (error) {
          wrong.push(`${op}: ${String(error)}`);
        }
      }
      if (fault.kind === 'reload-mid-operation' && !OP_STEPS[op].includes(fault.step)) {
        wrong.push(`${op}: ${fault.step}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('draws every operation kind, and device-2 only when asked to', () => {
    const random = new Random(9);
    const seen = new Set(Array.from({ length: 2_000 }, () => chooseOp(random)));
    expect([...seen].sort()).toEqual([...OP_KINDS].sort());
    const without = new Set(Array.from({ length: 2_000 }, () => chooseOp(random, false)));
    expect(without.has('device-2')).toBe(false);
    expect(without.size).toBe(OP_KINDS.length - 1);
  });
});
