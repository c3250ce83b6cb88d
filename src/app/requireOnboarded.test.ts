// Onboarding guard: not onboarded (or unreadable) redirects to /onboarding replacing history.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { expectReplacedTo } from '../testing/app/redirect';
import { requireOnboarded } from './requireOnboarded';

const config = (isOnboarded: () => Promise<boolean>) => ({ isOnboarded });

describe('requireOnboarded', () => {
  it('lets an onboarded device through', async () => {
    expect(
      await requireOnboarded(
        config(async () => true),
        silentLogger,
      )(),
    ).toBeNull();
  });

  it('redirects a device that has not onboarded to /onboarding, replacing the history entry', async () => {
    const response = await requireOnboarded(
      config(async () => false),
      silentLogger,
    )();
    expectReplacedTo(response, '/onboarding');
  });

  it('treats an unreadable flag as not onboarded and logs the failure', async () => {
    const logged: unknown[] = [];
    const logger = { ...silentLogger, error: (...args: unknown[]) => void logged.push(args) };
    const response = await requireOnboarded(
      config(async () => {
        throw new Error('IndexedDB unavailable');
      }),
      logger,
    )();
    expect(response?.headers.get('Location')).toBe('/onboarding');
    expect(logged).toHaveLength(1);
  });
});
