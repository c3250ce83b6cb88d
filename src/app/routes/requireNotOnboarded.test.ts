// Onboarding guard: an onboarded device is sent home replacing history; a new one goes on.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
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

describe("requireNotOnboarded where the flag's copy says there is no wallet", () => {
  it('lets the step show without waiting for IndexedDB', async () => {
    let reads = 0;
    const flag = {
      isOnboarded: () => {
        reads += 1;
        return new Promise<boolean>(() => {});
      },
      withoutWallet: () => true,
    };
    expect(await requireNotOnboarded(flag, silentLogger)()).toBeNull();
    expect(reads).toBe(0);
  });

  it('still reads IndexedDB where the copy says there is a wallet', async () => {
    const flag = { isOnboarded: async () => true, withoutWallet: () => false };
    expectReplacedTo(await requireNotOnboarded(flag, silentLogger)(), '/');
  });
});
