// Derives the phrase restore's batches on a few workers, so the main thread is free to ask, check
// and store while the curve work of the next batches runs beside it (docs/performance.md "Restore").
import type { Keyset } from '@cashu/cashu-ts';
import {
  deriveInThisThread,
  outputsFromPlain,
  type DeriveRestoreOutputs,
  type PlainOutput,
} from '../../core/wallet/restore/restore-outputs';

export interface DeriveRequest {
  id: number;
  seed: Uint8Array;
  keysetId: string;
  start: number;
  count: number;
}

/** outputs null: the worker leaves this keyset to cashu-ts, in this thread */
export type DeriveReply =
  { id: number; outputs: PlainOutput[] | null } | { id: number; error: string };

/** What the pool needs of a Worker (a test passes its own). */
export interface OutputWorker {
  onmessage: ((event: MessageEvent<DeriveReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: DeriveRequest): void;
  terminate(): void;
}

interface Lane {
  worker: OutputWorker;
  waiting: Map<number, (reply: DeriveReply | null) => void>;
}

/** Workers are let go this long after their last batch: a restore asks batches back to back. */
export const IDLE_WORKERS_MS = 10_000;

function startWorker(): OutputWorker {
  return new Worker(new URL('./restore-outputs.worker.ts', import.meta.url), {
    type: 'module',
    name: 'restore-outputs',
  }) as unknown as OutputWorker;
}

/**
 * A DeriveRestoreOutputs on `size` workers, started at the first batch. Where workers cannot
 * start, or one fails, its batches are derived in this thread: the restore never waits on them.
 */
export function workerRestoreOutputs(
  size = Math.min(4, Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1)),
  newWorker: () => OutputWorker = startWorker,
): DeriveRestoreOutputs {
  let lanes: Lane[] | null = null;
  let broken = typeof Worker === 'undefined' && newWorker === startWorker;
  let nextId = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    for (const lane of lanes ?? []) lane.worker.terminate();
    lanes = null;
  };
  const open = (): Lane[] =>
    Array.from({ length: size }, () => {
      const lane: Lane = { worker: newWorker(), waiting: new Map() };
      lane.worker.onmessage = ({ data }) => {
        lane.waiting.get(data.id)?.(data);
        lane.waiting.delete(data.id);
      };
      lane.worker.onerror = () => {
        // A worker that cannot load or throws outside a batch: its batches go to this thread.
        broken = true;
        for (const settle of lane.waiting.values()) settle(null);
        lane.waiting.clear();
      };
      return lane;
    });

  const onWorker = (request: DeriveRequest): Promise<DeriveReply | null> => {
    try {
      lanes ??= open();
    } catch {
      broken = true;
      return Promise.resolve(null);
    }
    const lane = lanes.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    return new Promise((resolve) => {
      lane.waiting.set(request.id, resolve);
      lane.worker.postMessage(request);
    });
  };

  return async (seed: Uint8Array, keyset: Keyset, start: number, count: number) => {
    if (broken) return deriveInThisThread(seed, keyset, start, count);
    clearTimeout(idle);
    const reply = await onWorker({ id: nextId++, seed, keysetId: keyset.id, start, count });
    if (lanes?.every((lane) => lane.waiting.size === 0)) idle = setTimeout(stop, IDLE_WORKERS_MS);
    if (reply && 'outputs' in reply && reply.outputs)
      return outputsFromPlain(reply.outputs, keyset.id);
    return deriveInThisThread(seed, keyset, start, count);
  };
}
