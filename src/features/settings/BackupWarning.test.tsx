// @vitest-environment happy-dom
// Settings' backup line: shown while the relays refuse part of the backup, gone once a retry
// lands it; nothing while every part is taken.
import { act, cleanup, render, screen } from '@testing-library/react';
import { generateSecretKey } from 'nostr-tools/pure';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDataBackup } from '../../core/backup/app-data';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import { BackupWarning } from './BackupWarning';

afterEach(cleanup);

const RELAY = 'wss://relay.example';

function backupOn(pool: FakeRelayPool) {
  const key = generateSecretKey();
  const part = (name: string) => ({ name, collect: async () => ({ name }), apply: async () => {} });
  return new AppDataBackup({
    parts: [part('settings'), part('items')],
    createPool: () => pool,
    query: async () => [],
    getRelays: async () => [RELAY],
    getSecretKey: async () => key,
  });
}

describe('BackupWarning', () => {
  it('says which parts the relays have not taken while they refuse them, and goes once they do', async () => {
    const pool = new FakeRelayPool();
    pool.behaviour.set(RELAY, 'refuse');
    const backup = backupOn(pool);
    render(<BackupWarning backup={backup} />);
    expect(screen.queryByTestId('backup-warning')).toBeNull();

    await act(() => backup.sync());
    expect(screen.getByTestId('backup-warning').textContent).toBe(
      'Not backed up on your relays yet: settings, items. Trying again.',
    );

    pool.behaviour.delete(RELAY);
    await act(() => backup.sync());
    expect(screen.queryByTestId('backup-warning')).toBeNull();
  });
});
