// Serial runs: the calls made during a run become one more run, never two at once, none after stop;
// queued runs: every call runs, one after the other, each answered with its own result.
import { describe, expect, it } from 'vitest';
import { queuedRuns, serialRuns } from './serial-runs';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Wraps `body` (given the run's 1-based number) to count the runs and the most at once. */
function counted<T>(body: (run: number) => Promise<T>) {
  const stats = { runs: 0, most: 0, inFlight: 0 };
  const work = async () => {
    stats.inFlight += 1;
    stats.most = Math.max(stats.most, stats.inFlight);
    const run = ++stats.runs;
    try {
      return await body(run);
    } finally {
      stats.inFlight -= 1;
    }
  };
  return { work, stats };
}

describe('serialRuns', () => {
  it('folds every call made during a run into one more run after it', async () => {
    const gates = [gate(), gate()];
    const { work, stats } = counted(async (n) => {
      await gates[n - 1]?.opened;
    });
    const run = serialRuns(work);
    const first = run();
    const second = run();
    const third = run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    gates[0]!.open();
    await Promise.resolve();
    gates[1]!.open();
    await first;
    expect(stats.runs).toBe(2);
    expect(stats.most).toBe(1);
    await run();
    expect(stats.runs).toBe(3);
  });

  it('starts nothing once stopped, and a call during the last run after stop makes no more', async () => {
    let stopped = false;
    const g = gate();
    let runs = 0;
    const run = serialRuns(
      async () => {
        runs += 1;
        await g.opened;
      },
      () => stopped,
    );
    const first = run();
    void run();
    stopped = true;
    g.open();
    await first;
    expect(runs).toBe(1);
    await run();
    expect(runs).toBe(1);
  });

  it('lets a new run start after one that failed', async () => {
    let runs = 0;
    const run = serialRuns(async () => {
      runs += 1;
      if (runs === 1) throw new Error('relay down');
    });
    await expect(run()).rejects.toThrow('relay down');
    await run();
    expect(runs).toBe(2);
  });
});

describe('queuedRuns', () => {
  it('runs every call, one after the other, each answered with its own result', async () => {
    const first = gate();
    const { work, stats } = counted(async (n) => {
      if (n === 1) await first.opened;
      return n;
    });
    const run = queuedRuns(work, 0);
    const a = run();
    const b = run();
    first.open();
    expect(await a).toBe(1);
    expect(await b).toBe(2);
    expect(stats.most).toBe(1);
  });
});
