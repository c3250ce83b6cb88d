// Asking a mint whether proofs are spent: NUT-07 checkstate (batches of 100) and NUT-17 proof_state.
import { hashToCurve, type Mint } from '@cashu/cashu-ts';
import type { Logger } from '../logger';
import { silentLogger } from '../logger';

/** SPEC §9: proof-state checks are batched at 100 (also the size of one subscription's filter). */
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
    async subscribe(Ys, onUpdate, onClosed) {
      const info = await mint.getLazyMintInfo();
      const nut17 = info.isSupported(17);
      const offered = nut17.params?.some((p) => p.commands.includes('proof_state'));
      if (!nut17.supported || !offered) throw new Error('Mint has no WebSocket for proof states');
      await mint.connectWebSocket();
      const socket = mint.webSocketConnection;
      if (!socket) throw new Error('Failed to connect to WebSocket...');
      let over = false;
      const close = (error?: Error) => {
        if (over) return;
        over = true;
        onClosed(error);
      };
      socket.onClose(() => close());
      const callback = (payload: unknown) => {
        const entry = toEntry(payload);
        if (!over && entry) onUpdate(entry);
      };
      const ids = chunks(Ys, CHECKSTATE_BATCH).map((filters) =>
        socket.createSubscription({ kind: 'proof_state', filters }, callback, (error: Error) =>
          close(error),
        ),
      );
      return () => {
        over = true;
        for (const id of ids) {
          try {
            socket.cancelSubscription(id, callback);
          } catch (error) {
            logger.debug('spent watch: cancel subscription failed', error);
          }
        }
      };
    },
  };
}
