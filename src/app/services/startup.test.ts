// Start-up work: each task runs only on an onboarded device and a failure is logged, not thrown;
// pending quotes are resumed at start, on online and visible-again.
import { describe, expect, it, vi } from 'vitest';
import type { LockState } from '../../core/lock/till-lock';
import { silentLogger, type Logger } from '../../core/logger';
import {
  checkProofStatesAtStart,
  checkProofStatesOnUnlock,
  resumeWithdrawals,
  runStartupTasks,
  secureLockedSalesOnUnlock,
  startLockedSaleBackups,
  startPaymentResume,
} from './startup';

/** A till lock whose state the test moves; listeners hear each change, as the real lock's do. */
function fakeLock(initial: LockState) {
  let state = initial;
  const listeners = new Set<(s: LockState) => void>();
  return {
    state: () => state,
    onChange(listener: (s: LockState) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: LockState) {
      state = next;
      for (const listener of listeners) listener(next);
    },
  };
}

type FakeLock = ReturnType<typeof fakeLock>;

/** Starts `start` on a locked till: `task` waits for the unlock, then runs once. */
function expectRunAtUnlock(start: (lock: FakeLock) => () => void, task: () => unknown) {
  const lock = fakeLock('locked');
  const stop = start(lock);
  expect(task).not.toHaveBeenCalled();
  lock.set('unlocked');
  expect(task).toHaveBeenCalledTimes(1);
  return { lock, stop };
}

function fakeServices(options: { onboarded: boolean | Error; startFails?: boolean }) {
  const calls = { started: 0, logged: [] as unknown[][] };
  const services = {
    storage: {
      config: {
        isOnboarded: async () => {
          if (options.onboarded instanceof Error) throw options.onboarded;
          return options.onboarded;
        },
      },
    },
    inbox: {
      start: async () => {
        calls.started += 1;
        if (options.startFails) throw new Error('no relay reachable');
      },
    },
    logger: { ...silentLogger, error: (...args: unknown[]) => void calls.logged.push(args) },
  };
  return { services, calls };
}

describe('runStartupTasks', () => {
  it('starts the remote-payment inbox on an onboarded device', async () => {
    const { services, calls } = fakeServices({ onboarded: true });
    await runStartupTasks(services);
    expect(calls.started).toBe(1);
    expect(calls.logged).toEqual([]);
  });

  it('does not start the inbox before onboarding is complete', async () => {
    const { services, calls } = fakeServices({ onboarded: false });
    await runStartupTasks(services);
    expect(calls.started).toBe(0);
  });

  it('only logs an inbox start failure', async () => {
    const { services, calls } = fakeServices({ onboarded: true, startFails: true });
    await expect(runStartupTasks(services)).resolves.toBeUndefined();
    expect(calls.logged).toHaveLength(1);
    expect(calls.logged[0]?.[0]).toBe('Failed to start the remote-payment inbox');
  });

  it('only logs when the onboarding flag cannot be read', async () => {
    const { services, calls } = fakeServices({ onboarded: new Error('IndexedDB unavailable') });
    await expect(runStartupTasks(services)).resolves.toBeUndefined();
    expect(calls.started).toBe(0);
    expect(calls.logged).toHaveLength(1);
  });
});

describe('resumeWithdrawals', () => {
  function resume(options: { onboarded: boolean; resumeAll?: () => Promise<void> }) {
    const resumeAll = vi.fn(options.resumeAll ?? (async () => {}));
    const error = vi.fn();
    const done = resumeWithdrawals({
      withdraw: { resumeAll },
      config: { isOnboarded: async () => options.onboarded },
      logger: { ...silentLogger, error },
    });
    return { done, resumeAll, error };
  }

  it('resumes the watches of an onboarded device', async () => {
    const { done, resumeAll } = resume({ onboarded: true });
    await done;
    expect(resumeAll).toHaveBeenCalledTimes(1);
  });

  it('does nothing before onboarding', async () => {
    const { done, resumeAll } = resume({ onboarded: false });
    await done;
    expect(resumeAll).not.toHaveBeenCalled();
  });

  it('logs a failure instead of rejecting', async () => {
    const { done, error } = resume({
      onboarded: true,
      resumeAll: async () => Promise.reject(new Error('mint down')),
    });
    await expect(done).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Resuming withdrawal watches failed', expect.any(Error));
  });
});

function setup(options: { onboarded: boolean; resume?: () => Promise<void> }) {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const resumeAll = vi.fn(options.resume ?? (() => Promise.resolve()));
  let onboarded = options.onboarded;
  const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const stop = startPaymentResume({
    payments: { resumeAll },
    config: { isOnboarded: () => Promise.resolve(onboarded) },
    logger,
    window,
    document,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    window,
    document,
    resumeAll,
    logger,
    stop,
    settle,
    setOnboarded: (value: boolean) => (onboarded = value),
  };
}

describe('startPaymentResume', () => {
  it('resumes once at start when onboarded', async () => {
    const { resumeAll, settle } = setup({ onboarded: true });
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a device that is not onboarded (remote cashier page)', async () => {
    const { resumeAll, window, settle } = setup({ onboarded: false });
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(resumeAll).not.toHaveBeenCalled();
  });

  it('resumes again when the browser is back online and when the tab is shown again', async () => {
    const { resumeAll, window, document, settle } = setup({ onboarded: true });
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(2);
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(3);
  });

  it('a burst of events during a run is folded into one more run', async () => {
    let release = () => {};
    const { resumeAll, window, settle } = setup({
      onboarded: true,
      resume: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await settle();
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('online'));
    release();
    await settle();
    release();
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(2);
  });

  it('a failing resume is only logged and later triggers still run', async () => {
    const { resumeAll, window, logger, settle } = setup({
      onboarded: true,
      resume: () => Promise.reject(new Error('offline')),
    });
    await settle();
    expect(logger.error).toHaveBeenCalledWith(
      'Resuming pending payments failed',
      expect.any(Error),
    );
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(2);
  });

  it('stops listening after stop()', async () => {
    const { resumeAll, window, stop, settle } = setup({ onboarded: true });
    await settle();
    stop();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(1);
  });
});

describe('secureLockedSalesOnUnlock', () => {
  it('swaps sales taken while locked at every unlock, and not while locked', () => {
    const secureLockedSales = vi.fn(() => Promise.resolve(0));
    const { lock, stop } = expectRunAtUnlock(
      (lock) =>
        secureLockedSalesOnUnlock({ lock, withdraw: { secureLockedSales }, logger: silentLogger }),
      secureLockedSales,
    );
    stop();
    lock.set('unlocked');
    expect(secureLockedSales).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the PIN was entered before it started, and only logs a failure', async () => {
    const errors: unknown[] = [];
    const logger: Logger = {
      ...silentLogger,
      error: (...args: unknown[]) => void errors.push(args),
    };
    const secureLockedSales = vi.fn(() => Promise.reject(new Error('mint offline')));
    secureLockedSalesOnUnlock({
      lock: fakeLock('unlocked'),
      withdraw: { secureLockedSales },
      logger,
    });
    expect(secureLockedSales).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
  });

  it('swaps random proofs on a till without a PIN at start, after a restore and when the PIN is removed', async () => {
    const lock = fakeLock('no-pin');
    const secureLockedSales = vi.fn(() => Promise.resolve(0));
    const afterRun = vi.fn();
    let restored: (() => void) | undefined;
    let initDone!: () => void;
    secureLockedSalesOnUnlock({
      lock: { ...lock, init: () => new Promise<void>((resolve) => (initDone = resolve)) },
      withdraw: { secureLockedSales },
      logger: silentLogger,
      onRestored: (listener) => {
        restored = listener;
        return () => {};
      },
      afterRun,
    });
    // Not before the lock has read whether a PIN is set.
    expect(secureLockedSales).not.toHaveBeenCalled();
    initDone();
    await vi.waitFor(() => expect(afterRun).toHaveBeenCalledTimes(1));
    restored?.();
    await vi.waitFor(() => expect(afterRun).toHaveBeenCalledTimes(2));
    lock.set('locked');
    restored?.();
    lock.set('no-pin');
    await vi.waitFor(() => expect(afterRun).toHaveBeenCalledTimes(3));
    expect(secureLockedSales).toHaveBeenCalledTimes(3);
  });
});

describe('startLockedSaleBackups', () => {
  it('retries the backups at start and whenever the device is back online, once onboarded', async () => {
    const window = new EventTarget();
    const retry = vi.fn(() => Promise.resolve());
    let onboarded = false;
    const stop = startLockedSaleBackups({
      backups: { retry },
      config: { isOnboarded: () => Promise.resolve(onboarded) },
      logger: silentLogger,
      window,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(retry).not.toHaveBeenCalled();
    onboarded = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    stop();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('proof states at start and at unlock', () => {
  it('checks at start only on an onboarded device, and only logs a failure', async () => {
    const checkAtStart = vi.fn(() => Promise.reject(new Error('mint offline')));
    const errors: unknown[] = [];
    const logger: Logger = { ...silentLogger, error: (...args) => void errors.push(args) };
    const config = { isOnboarded: async () => false };
    await checkProofStatesAtStart({ proofStates: { checkAtStart }, config, logger });
    expect(checkAtStart).not.toHaveBeenCalled();
    config.isOnboarded = async () => true;
    await expect(
      checkProofStatesAtStart({ proofStates: { checkAtStart }, config, logger }),
    ).resolves.toBeUndefined();
    expect(checkAtStart).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
  });

  it('checks every mint when the PIN opens the sealed proofs, not while locked', () => {
    const checkAll = vi.fn(() => Promise.resolve({ checks: [], failures: [] }));
    const { lock, stop } = expectRunAtUnlock(
      (lock) => checkProofStatesOnUnlock({ lock, proofStates: { checkAll }, logger: silentLogger }),
      checkAll,
    );
    stop();
    // Already open when start-up gets to it: checked at once.
    checkProofStatesOnUnlock({ lock, proofStates: { checkAll }, logger: silentLogger });
    expect(checkAll).toHaveBeenCalledTimes(2);
  });
});
