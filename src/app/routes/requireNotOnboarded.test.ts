// Onboarding guard: an onboarded device is sent home replacing history; a new one goes on.
import { describe, expect, it } from 'vitest';
import { runGuard } from '../../testing/app/onboarding-guard';
import { expectReplacedTo } from '../../testing/app/redirect';
import { requireNotOnboarded } from './requireNotOnboarded';

describe('requireNotOnboarded', () => {
  it('sends an onboarded device to /, replacing the history entry', async () => {
    expectReplacedTo((await runGuard(requireNotOnboarded, true)).response, '/');
  });

  it('lets a device without a wallet through', async () => {
    expect((await runGuard(requireNotOnboarded, false)).response).toBeNull();
  });

  it('lets onboarding show when the flag cannot be read (no redirect loop), and logs it', async () => {
    const { response, logged } = await runGuard(requireNotOnboarded, 'unreadable');
    expect(response).toBeNull();
    expect(logged).toHaveLength(1);
  });
});
