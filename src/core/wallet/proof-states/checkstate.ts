// Asking a mint which of the wallet's proofs are spent (NUT-07 through cashu-ts's `Mint.check`),
// batches of 100, each reply checked before anything is believed (docs/protocol.md "Proof states").
import type { Mint } from '@cashu/cashu-ts';
import { CashewError } from '../../errors';
import { toMintError } from '../mint-errors';
import { CHECKSTATE_BATCH, type ProofStateName } from '../withdraw/spent-watch-client';

/**
 * A checkstate reply that does not answer exactly the proofs asked about: another count, a Y not
 * asked for or twice, a state NUT-07 does not name. Nothing is read from such a reply.
 */
export class ProofStateReplyError extends CashewError {}

const STATES: ReadonlySet<string> = new Set(['UNSPENT', 'PENDING', 'SPENT']);

/**
 * The states of one batch, by Y. Throws ProofStateReplyError unless the reply names every Y asked
 * about once, and nothing else, each with a NUT-07 state.
 */
export function readStates(asked: string[], reply: unknown): Map<string, ProofStateName> {
  const states = (reply as { states?: unknown } | null)?.states;
  if (!Array.isArray(states) || states.length !== asked.length) {
    throw new ProofStateReplyError(
      `The mint answered ${Array.isArray(states) ? states.length : 'no'} proof states for ${asked.length} proofs`,
    );
  }
  const wanted = new Set(asked);
  const out = new Map<string, ProofStateName>();
  for (const entry of states as unknown[]) {
    const { Y, state } = (entry ?? {}) as { Y?: unknown; state?: unknown };
    if (typeof Y !== 'string' || !wanted.has(Y) || out.has(Y)) {
      throw new ProofStateReplyError(
        'The mint answered the state of a proof it was not asked about',
      );
    }
    if (typeof state !== 'string' || !STATES.has(state)) {
      throw new ProofStateReplyError(`The mint answered an unknown proof state: ${String(state)}`);
    }
    out.set(Y, state as ProofStateName);
  }
  return out;
}

/** How the reconciler asks one mint; `mintStateChecker` adapts the shared cashu-ts `Mint`. */
export interface ProofStateChecker {
  /**
   * The state of every Y, asked CHECKSTATE_BATCH at a time. Rejects (with the mint errors of
   * mint-errors.ts, or ProofStateReplyError) if any batch fails: a partial answer is not used.
   */
  check(Ys: string[]): Promise<Map<string, ProofStateName>>;
}

export function mintStateChecker(mint: Pick<Mint, 'check'>): ProofStateChecker {
  return {
    async check(Ys) {
      const out = new Map<string, ProofStateName>();
      for (let i = 0; i < Ys.length; i += CHECKSTATE_BATCH) {
        const batch = Ys.slice(i, i + CHECKSTATE_BATCH);
        let reply: unknown;
        try {
          reply = await mint.check({ Ys: batch });
        } catch (error) {
          throw toMintError(error);
        }
        for (const [Y, state] of readStates(batch, reply)) out.set(Y, state);
      }
      return out;
    },
  };
}
