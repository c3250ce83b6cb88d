// The soak's command line.
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPS, parseSoakArgs } from './args.ts';

describe('soak arguments', () => {
  it('takes a seed and a number of operations, 1,000 by default', () => {
    expect(parseSoakArgs([])).toEqual({ seed: undefined, ops: DEFAULT_OPS, verbose: false });
    expect(parseSoakArgs(['--seed', '12', '--ops=50', '--verbose'])).toEqual({
      seed: 12,
      ops: 50,
      verbose: true,
    });
  });

  it('refuses what it does not know, with the usage', () => {
    expect(() => parseSoakArgs(['--ops', 'many'])).toThrow(/usage: npm run soak/);
    expect(() => parseSoakArgs(['--ops', '0'])).toThrow(/at least 1/);
    expect(() => parseSoakArgs(['--fast'])).toThrow(/unknown argument --fast/);
  });
});
