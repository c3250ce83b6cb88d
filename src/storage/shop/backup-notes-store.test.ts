// The notes of what a relay took of each backup, on fake-indexeddb: read by the next page load
// with their time, one per name, a row that does not read as one published again, gone with the wallet.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { testStorage } from '../../testing/storage/db';

const DIGEST = 'ab'.repeat(32);

describe('DexieBackupNotes', () => {
  it('keeps each backup’s note for the next page load, with when it was written', async () => {
    const first = testStorage();
    expect(await first.backupNotes.last('items')).toBeUndefined();
    await first.backupNotes.record('items', {
      digest: DIGEST,
      createdAt: 1_700_000_002,
      slot: 'b',
    });
    await first.backupNotes.record('settings', {
      digest: 'cd'.repeat(32),
      createdAt: 1_700_000_001,
    });
    const next = testStorage(first.db.name);
    next.now.value = first.now.value + 5_000;
    expect(await next.backupNotes.last('items')).toEqual({
      digest: DIGEST,
      createdAt: 1_700_000_002,
      slot: 'b',
      at: first.now.value,
    });
    expect(await next.backupNotes.last('settings')).toEqual({
      digest: 'cd'.repeat(32),
      createdAt: 1_700_000_001,
      at: first.now.value,
    });
    first.close();
    next.close();
  });

  it('reads a row that is not a note as none, so the backup is published again', async () => {
    const s = testStorage();
    await s.db.config.put({ key: 'PUBLISHED_BACKUP:items', value: DIGEST, updatedAt: 1 });
    expect(await s.backupNotes.last('items')).toBeUndefined();
    await s.db.config.put({
      key: 'PUBLISHED_BACKUP:items',
      value: JSON.stringify({ digest: DIGEST, createdAt: 'soon' }),
      updatedAt: 1,
    });
    expect(await s.backupNotes.last('items')).toBeUndefined();
    s.close();
  });

  it('goes with the wallet: a replaced wallet publishes its backups afresh', async () => {
    const s = testStorage();
    await s.backupNotes.record('settings', { digest: DIGEST, createdAt: 1_700_000_000 });
    await s.walletReset.forgetWallet(s.now.value, () => {});
    expect(await s.backupNotes.last('settings')).toBeUndefined();
    s.close();
  });
});
