// Onboarding guard: an onboarded device is sent home replacing history; a new one goes on.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { expectReplacedTo } from '../testing/app/redirect';
import { requireNotOnboarded } from './requireNotOnboarded';

const config = (isOnboarded: () => Promise<boolean>) => ({ isOnboarded });

describe('requireNotOnboarded', () => {
  it('sends an onboarded device to /, replacing the history entry', async () => {
    const response = await requireNotOnboarded(
      config(async () => true),
      silentLogger,
    )();
    expectReplacedTo(response, '/');
  });

  it('lets a device without a wallet through', async () => {
    expect(
      await requireNotOnboarded(
        config(async () => false),
        silentLogger,
      )(),
    ).toBeNull();
  });

  it('lets onboarding show when the flag cannot be read (no redirect loop), and logs it', async () => {
    const logged: unknown[] = [];
    const logger = { ...silentLogger, error: (...args: unknown[]) => void logged.push(args) };
    const response = await requireNotOnboarded(
      config(async () => {
        throw new Error('IndexedDB unavailable');
      }),
      logger,
    )();
    expect(response).toBeNull();
    expect(logged).toHaveLength(1);
  });
});
