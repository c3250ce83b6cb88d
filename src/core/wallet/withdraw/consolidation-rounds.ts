// Planning a consolidation as rounds of bounded swaps, so the fee shown equals the fee paid.

/**
 * Mints cap the inputs of one swap (many at ~1000, some lower) and a swap of thousands of inputs
 * is slow: a consolidation swaps at most this many inputs per request.
 */
export const MAX_SWAP_INPUTS = 100;

/** Only what fees and splits depend on: the keyset id (fee rate) and the amount. */
export interface RoundItem {
  id: string;
  amount: number;
}

export interface PlannedRound {
  /** 0 for swaps of the stored proofs, then one more per merge of earlier rounds' outputs */
  level: number;
  inputCount: number;
  inputAmount: number;
  fee: number;
  /** inputAmount - fee: what the round's outputs hold */
  amount: number;
  outputCount: number;
}

export interface RoundsPlan {
  rounds: PlannedRound[];
  /** total input fee of every round */
  fee: number;
  /** sats in the final proofs (0 when some round's fee would take its whole amount) */
  amount: number;
  /** proofs left after the last round */
  proofCount: number;
}

export interface RoundRules {
  /** the mint's input fee for swapping these items together (sats, NUT-02 rounding) */
  feeFor(items: RoundItem[]): number;
  /** the denominations an amount is split into on the output keyset */
  split(amount: number): number[];
  /** keyset id of every output */
  outputKeysetId: string;
  maxInputs?: number;
}

/**
 * The order inputs are swapped in. Preview and execution both sort with it, so their rounds
 * hold the same amounts of the same keysets and the planned fee is the one paid.
 */
export function compareItems(a: RoundItem, b: RoundItem): number {
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return a.amount - b.amount;
}

/** Consecutive groups of at most `size` items. */
export function chunk<T>(items: T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/**
 * Another level is worth a swap when it leaves fewer proofs than there are (the outputs of
 * several rounds together are usually far from the minimal split of their sum).
 */
export function needsMerge(items: RoundItem[], rules: RoundRules): boolean {
  if (items.length <= 1) return false;
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const amount = total - rules.feeFor(items);
  return amount > 0 && rules.split(amount).length < items.length;
}

/**
 * Simulates the consolidation: level 0 swaps the sorted inputs in rounds of `maxInputs`; while
 * that leaves the outputs of more than one round and merging them would leave fewer proofs, the
 * next level swaps those outputs the same way. A single round already gives the minimal split.
 */
export function planRounds(inputs: RoundItem[], rules: RoundRules): RoundsPlan {
  const maxInputs = rules.maxInputs ?? MAX_SWAP_INPUTS;
  const rounds: PlannedRound[] = [];
  let current = [...inputs].sort(compareItems);
  for (let level = 0; current.length > 0; level++) {
    if (level > 0 && !needsMerge(current, rules)) break;
    const groups = chunk(current, maxInputs);
    const next: RoundItem[] = [];
    for (const group of groups) {
      const inputAmount = group.reduce((sum, item) => sum + item.amount, 0);
      const fee = rules.feeFor(group);
      const amount = inputAmount - fee;
      if (amount <= 0) return { rounds, fee: sumFees(rounds) + fee, amount: 0, proofCount: 0 };
      const outputs = rules.split(amount).map((a) => ({ id: rules.outputKeysetId, amount: a }));
      rounds.push({
        level,
        inputCount: group.length,
        inputAmount,
        fee,
        amount,
        outputCount: outputs.length,
      });
      next.push(...outputs);
    }
    current = next.sort(compareItems);
    if (groups.length === 1) break;
  }
  return {
    rounds,
    fee: sumFees(rounds),
    amount: current.reduce((sum, item) => sum + item.amount, 0),
    proofCount: current.length,
  };
}

function sumFees(rounds: PlannedRound[]): number {
  return rounds.reduce((sum, round) => sum + round.fee, 0);
}
