// Onboarding guard: not onboarded (or unreadable) redirects to /onboarding replacing history.
import { describe, expect, it } from 'vitest';
import { runGuard } from '../../testing/app/onboarding-guard';
import { expectReplacedTo } from '../../testing/app/redirect';
import { requireOnboarded } from './requireOnboarded';

describe('requireOnboarded', () => {
  it('lets an onboarded device through', async () => {
    expect((await runGuard(requireOnboarded, true)).response).toBeNull();
  });

  it('redirects a device that has not onboarded to /onboarding, replacing the history entry', async () => {
    expectReplacedTo((await runGuard(requireOnboarded, false)).response, '/onboarding');
  });

  it('treats an unreadable flag as not onboarded and logs the failure', async () => {
    const { response, logged } = await runGuard(requireOnboarded, 'unreadable');
    expect(response?.headers.get('Location')).toBe('/onboarding');
    expect(logged).toHaveLength(1);
  });
});
