// The restore's worker pool hands back the outputs this thread would derive, and falls back to this
// thread when a worker fails (docs/performance.md "Restore").
import type { Keyset } from '@cashu/cashu-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedFromPhrase } from '../../core/keys/derive';
import { plainRestoreOutputs, restoreOutputs } from '../../core/wallet/restore/restore-outputs';
import nut01 from '../../conformance/vectors/nut01-keysets.json';
import vectors from '../../conformance/vectors/nut13-secrets.json';
import {
  IDLE_WORKERS_MS,
  workerRestoreOutputs,
  type DeriveReply,
  type DeriveRequest,
  type OutputWorker,
} from './restore-output-pool';

function keysetOf(id: string): Keyset {
  return { id, unit: 'sat', keys: nut01.valid[1]!.keys } as unknown as Keyset;
}

/** A worker in this thread answering as restore-outputs.worker.ts does, or failing to load. */
class FakeWorker implements OutputWorker {
  static started = 0;
  onmessage: ((event: MessageEvent<DeriveReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  requests = 0;
  constructor(private readonly fails = false) {
    FakeWorker.started += 1;
  }
  postMessage({ id, seed, keysetId, start, count }: DeriveRequest): void {
    this.requests += 1;
    setTimeout(() => {
      if (this.fails) this.onerror?.({} as ErrorEvent);
      else
        this.onmessage?.({
          data: { id, outputs: plainRestoreOutputs(seed, keysetId, start, count) },
        } as MessageEvent<DeriveReply>);
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function comparable(outputs: ReturnType<typeof restoreOutputs>) {
  return outputs.map((o) => ({
    ...o.blindedMessage,
    amount: String(o.blindedMessage.amount),
    r: o.blindingFactor,
  }));
}

afterEach(() => {
  vi.useRealTimers();
  FakeWorker.started = 0;
});

describe('workerRestoreOutputs', () => {
  it('derives on the workers the outputs this thread derives, spread over them', async () => {
    const seed = await seedFromPhrase(vectors.version00.mnemonic);
    const keyset = keysetOf(vectors.version00.keysetId);
    const workers: FakeWorker[] = [];
    const derive = workerRestoreOutputs(2, () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    });
    const [a, b] = await Promise.all([derive(seed, keyset, 0, 5), derive(seed, keyset, 5, 5)]);
    expect(comparable([...a, ...b])).toEqual(comparable(restoreOutputs(seed, keyset, 0, 10)));
    expect(workers.map((w) => w.requests)).toEqual([1, 1]);
  });

  it('derives in this thread when a worker fails, and after', async () => {
    const seed = await seedFromPhrase(vectors.version00.mnemonic);
    const keyset = keysetOf(vectors.version00.keysetId);
    const derive = workerRestoreOutputs(1, () => new FakeWorker(true));
    const expected = comparable(restoreOutputs(seed, keyset, 3, 4));
    expect(comparable(await derive(seed, keyset, 3, 4))).toEqual(expected);
    expect(comparable(await derive(seed, keyset, 3, 4))).toEqual(expected);
    expect(FakeWorker.started).toBe(1);
  });

  it('leaves keyset ids of version 01 to this thread, with the same outputs', async () => {
    const seed = await seedFromPhrase(vectors.version01.mnemonic);
    const keyset = keysetOf(vectors.version01.keysetId);
    const derive = workerRestoreOutputs(1, () => new FakeWorker());
    expect(comparable(await derive(seed, keyset, 0, 3))).toEqual(
      comparable(restoreOutputs(seed, keyset, 0, 3)),
    );
  });

  it('lets its workers go once idle, and starts them again for the next batch', async () => {
    vi.useFakeTimers();
    const seed = await seedFromPhrase(vectors.version00.mnemonic);
    const keyset = keysetOf(vectors.version00.keysetId);
    const workers: FakeWorker[] = [];
    const derive = workerRestoreOutputs(1, () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    });
    const first = derive(seed, keyset, 0, 2);
    await vi.advanceTimersByTimeAsync(1);
    await first;
    await vi.advanceTimersByTimeAsync(IDLE_WORKERS_MS);
    expect(workers[0]!.terminated).toBe(true);
    const second = derive(seed, keyset, 2, 2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await second).toHaveLength(2);
    expect(workers).toHaveLength(2);
  });
});
