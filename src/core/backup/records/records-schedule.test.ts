// When the history is published and read: a burst of events is published once, a few seconds
// after the last; start, online and unlock publish and read at once; a minute later again;
// nothing on a device without a wallet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISH_DELAY_MS, READ_EVERY_MS, RecordsSchedule } from './records-schedule';

function schedule(ready = true) {
  const calls = { publish: 0, read: 0 };
  const watch = { opened: 0, closed: 0 };
  const onboarded = { value: ready };
  const s = new RecordsSchedule({
    publish: async () => void (calls.publish += 1),
    read: async () => void (calls.read += 1),
    ready: async () => onboarded.value,
    watch: {
      ensureOpen: async () => void (watch.opened += 1),
      close: () => void (watch.closed += 1),
    },
  });
  return { s, calls, onboarded, watch };
}

describe('the records schedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('publishes a burst of events once, a few seconds after the last of them', async () => {
    const { s, calls } = schedule();
    s.written();
    await vi.advanceTimersByTimeAsync(PUBLISH_DELAY_MS - 100);
    s.written();
    s.written();
    await vi.advanceTimersByTimeAsync(PUBLISH_DELAY_MS - 100);
    expect(calls.publish).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toEqual({ publish: 1, read: 0 });
  });

  it('publishes and reads at start, then every minute until stopped', async () => {
    const { s, calls } = schedule();
    const stop = s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual({ publish: 1, read: 1 });
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    expect(calls).toEqual({ publish: 2, read: 2 });
    stop();
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS * 3);
    expect(calls).toEqual({ publish: 2, read: 2 });
  });

  it('does nothing on a device without a wallet, and starts once it has one', async () => {
    const { s, calls, onboarded } = schedule(false);
    s.start();
    s.written();
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    expect(calls).toEqual({ publish: 0, read: 0 });
    onboarded.value = true;
    s.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual({ publish: 1, read: 1 });
  });

  it('opens the watch at start and checks it each minute, reads when it nudges, closes it at stop', async () => {
    const { s, calls, watch } = schedule();
    const stop = s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(watch).toEqual({ opened: 1, closed: 0 });
    s.readNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual({ publish: 1, read: 2 });
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    expect(watch).toEqual({ opened: 2, closed: 0 });
    stop();
    expect(watch.closed).toBe(1);
  });

  it('opens no watch and reads nothing on a nudge without a wallet', async () => {
    const { s, calls, watch } = schedule(false);
    s.start();
    s.readNow();
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    expect(watch.opened).toBe(0);
    expect(calls.read).toBe(0);
  });
});
