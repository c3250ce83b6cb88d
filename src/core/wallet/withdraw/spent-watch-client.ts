// Asking a mint whether proofs are spent: NUT-07 checkstate (batches of 100) and NUT-17 proof_state.
import { hashToCurve, type Mint } from '@cashu/cashu-ts';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import { subscribeOnMint, type MintSubscription } from '../mint/mint-subscription';

/**
 * Proof-state checks are batched at 100 (docs/protocol.md "Mint calls") (also the size of one
 * subscription's filter).
 */
export const CHECKSTATE_BATCH = 100;

export type ProofStateName = 'UNSPENT' | 'PENDING' | 'SPENT';

export interface ProofStateEntry {
  Y: string;
  state: ProofStateName;
}

/** How the spent watch talks to a mint; `proofStateClient` adapts a cashu-ts `Mint`. */
export interface ProofStateClient {
  /** POST /v1/checkstate for every Y, in batches of CHECKSTATE_BATCH. */
  check(Ys: string[]): Promise<ProofStateEntry[]>;
  /**
   * NUT-17 proof_state subscription. Resolves with the unsubscribe function once subscribed;
   * rejects when the mint offers no such subscription or the socket cannot open. `onClosed`
   * fires at most once, when the socket dies after subscribing.
   */
  subscribe?(
    Ys: string[],
    onUpdate: (entry: ProofStateEntry) => void,
    onClosed: (error?: Error) => void,
  ): Promise<() => void>;
}

const encoder = new TextEncoder();

/** Y = hash_to_curve(secret), compressed hex: how mints name a proof in NUT-07/17. */
export function proofY(secret: string): string {
  return hashToCurve(encoder.encode(secret)).toHex(true);
}

function toEntry(value: unknown): ProofStateEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { Y, state } = value as { Y?: unknown; state?: unknown };
  if (typeof Y !== 'string') return undefined;
  if (state !== 'UNSPENT' && state !== 'PENDING' && state !== 'SPENT') return undefined;
  return { Y, state };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Adapts the shared cashu-ts `Mint` of a URL: all watches on that mint share its one socket. */
export function proofStateClient(mint: Mint, logger: Logger = silentLogger): ProofStateClient {
  return {
    async check(Ys) {
      const out: ProofStateEntry[] = [];
      for (const batch of chunks(Ys, CHECKSTATE_BATCH)) {
        const { states } = await mint.check({ Ys: batch });
        for (const state of states) {
          const entry = toEntry(state);
          if (entry) out.push(entry);
        }
      }
      return out;
    },
    subscribe(Ys, onUpdate, onClosed) {
      const subscription: MintSubscription<ProofStateEntry> = {
        kind: 'proof_state',
        filters: chunks(Ys, CHECKSTATE_BATCH),
        offered: (support) => support.commands.includes('proof_state'),
        unavailable: 'Mint has no WebSocket for proof states',
        parse: toEntry,
        name: 'spent watch',
      };
      return subscribeOnMint(mint, subscription, onUpdate, onClosed, logger);
    },
  };
}
