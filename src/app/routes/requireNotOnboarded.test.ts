// Onboarding guard: an onboarded device is sent home replacing history; a new one goes on.
import { describe, expect, it, vi } from 'vitest';
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
  it('lets the step show without waiting for IndexedDB, which is asked meanwhile', async () => {
    let reads = 0;
    const flag = {
      isOnboarded: () => {
        reads += 1;
        return new Promise<boolean>(() => {});
      },
      withoutWallet: () => true,
    };
    let home = 0;
    expect(await requireNotOnboarded(flag, silentLogger, () => (home += 1))()).toBeNull();
    expect(reads).toBe(1);
    expect(home).toBe(0);
  });

  it('sends the device home once IndexedDB says a wallet was made meanwhile (another tab)', async () => {
    const flag = { isOnboarded: async () => true, withoutWallet: () => true };
    let home = 0;
    expect(await requireNotOnboarded(flag, silentLogger, () => (home += 1))()).toBeNull();
    await vi.waitFor(() => expect(home).toBe(1));
  });

  it('stays where IndexedDB agrees there is no wallet', async () => {
    const flag = { isOnboarded: async () => false, withoutWallet: () => true };
    let home = 0;
    await requireNotOnboarded(flag, silentLogger, () => (home += 1))();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(home).toBe(0);
  });

  it('still reads IndexedDB where the copy says there is a wallet', async () => {
    const flag = { isOnboarded: async () => true, withoutWallet: () => false };
    expectReplacedTo(await requireNotOnboarded(flag, silentLogger)(), '/');
  });
});
