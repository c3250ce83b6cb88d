// @vitest-environment happy-dom
// Settings' line for sales taken while locked that no relay took yet: shown while there are
// some, gone once they are sent.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { LockedSaleBackupLine } from './LockedSaleBackupLine';
import { englishText } from '../../ui/i18n';
import { LOCKED_BACKUPS } from './locales/settings/en.json';

const lockedBackupsPending = (n: number) => englishText(LOCKED_BACKUPS, { count: n, n: String(n) });

afterEach(cleanup);

function source(initial: number) {
  let pending = initial;
  const listeners = new Set<() => void>();
  return {
    pending: async () => pending,
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: number) {
      pending = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('LockedSaleBackupLine', () => {
  it('says how many sales wait for a relay, and goes once they are sent', async () => {
    const backups = source(2);
    render(<LockedSaleBackupLine backups={backups} logger={silentLogger} />);
    expect((await screen.findByTestId('locked-backup-pending')).textContent).toBe(
      lockedBackupsPending(2),
    );
    backups.set(1);
    expect(await screen.findByText(lockedBackupsPending(1))).toBeTruthy();
    backups.set(0);
    await expect.poll(() => screen.queryByTestId('locked-backup-pending')).toBeNull();
  });

  it('shows nothing when every backup is on a relay', async () => {
    const backups = source(0);
    render(<LockedSaleBackupLine backups={backups} logger={silentLogger} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByTestId('locked-backup-pending')).toBeNull();
  });
});
