// App start: the inbox starts only for an onboarded device, and a failure is logged, not thrown.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { runStartupTasks } from './startup';

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
