import { describe, expect, it } from 'vitest';
import { stepThreadMs } from './step-threads.mjs';

const PID = 7;
const MAIN = 1;
const meta = [
  { name: 'thread_name', ph: 'M', pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: PID, tid: 2, args: { name: 'Compositor' } },
];
const mark = (name: string, ts: number) => ({
  name,
  cat: 'blink.user_timing',
  ph: 'R',
  pid: PID,
  tid: MAIN,
  ts,
});
/** A main-thread task from `ts` to `ts + dur` (µs) that had `tdur` of thread time. */
const task = (ts: number, dur: number, tdur: number, tid = MAIN) => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  pid: PID,
  tid,
  ts,
  dur,
  tdur,
});

describe('stepThreadMs', () => {
  it('gives each step the thread time of its tasks, the tap’s frame to the step it opens', () => {
    const events = [
      ...meta,
      mark('a', 1_000),
      task(900, 2_000, 1_500), // holds mark a: step a
      task(5_000, 1_000, 800), // step a
      task(9_000, 20_000, 10_000), // holds mark b (its frame): step b
      mark('b', 9_500),
      task(40_000, 4_000, 3_000), // step b
      task(50_000, 10_000, 8_000), // holds mark c: its first half in step b
      mark('c', 55_000),
      task(70_000, 5_000, 5_000), // after the last mark: none
      task(10_000, 5_000, 5_000, 2), // another thread: none
      task(100, 500, 500), // before the first mark: none
    ];
    expect(stepThreadMs(events, ['a', 'b', 'c'])).toEqual({ a: 2.3, b: 17 });
  });

  it('counts a task nested in another once', () => {
    const events = [
      ...meta,
      mark('a', 0),
      task(1_000, 10_000, 6_000),
      task(2_000, 1_000, 1_000),
      mark('b', 20_000),
    ];
    expect(stepThreadMs(events, ['a', 'b'])).toEqual({ a: 6 });
  });

  it('says which mark is missing', () => {
    expect(() => stepThreadMs([...meta, mark('a', 0)], ['a', 'b'])).toThrow(/mark b/);
  });
});
