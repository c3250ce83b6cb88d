// The locked-sale backup rows: each change only while the row holds the backup it was read with,
// and what decides a backup is no longer needed (its journal, random proofs at its mint).
import 'fake-indexeddb/auto';
import type { Event as NostrEvent } from 'nostr-tools/core';
import { describe, expect, it } from 'vitest';
import type { LockedSaleBackupRow } from '../../core/backup/locked-sale-backups';
import { MINT_A, MINT_B, proof, putPaidQuote, testStorage } from '../../testing/storage/db';

const event = (id: string, createdAt = 1) => ({ id, created_at: createdAt }) as NostrEvent;

function row(eventId: string, changes: Partial<LockedSaleBackupRow> = {}): LockedSaleBackupRow {
  return {
    id: 'sale-1',
    source: 'quote',
    ref: 'q1',
    mintUrl: MINT_A,
    event: event(eventId),
    state: 'pending',
    createdAt: 1,
    ...changes,
  };
}

describe('locked-sale backup rows', () => {
  it('move from pending to sent to removing, each step only for the backup they were read with', async () => {
    const s = testStorage();
    await s.lockedSaleBackups.put(row('e1'));
    await s.lockedSaleBackups.markSent('sale-1', 'e0');
    expect((await s.lockedSaleBackups.get('sale-1'))?.state).toBe('pending');
    await s.lockedSaleBackups.markOffered('sale-1', 'e1');
    await s.lockedSaleBackups.markSent('sale-1', 'e1');
    expect(await s.lockedSaleBackups.get('sale-1')).toMatchObject({ state: 'sent', offered: true });

    await s.lockedSaleBackups.startRemoval('sale-1', 'e1', event('t1', 2));
    // A publish of the backup that ends after the removal began does not undo it.
    await s.lockedSaleBackups.markSent('sale-1', 'e1');
    expect(await s.lockedSaleBackups.get('sale-1')).toMatchObject({
      state: 'removing',
      tombstone: { id: 't1' },
    });

    // A newer backup of the same sale replaces the row; the old removal leaves it alone.
    await s.lockedSaleBackups.put(row('e2'));
    await s.lockedSaleBackups.remove('sale-1', 'e1');
    expect((await s.lockedSaleBackups.get('sale-1'))?.event.id).toBe('e2');
    await s.lockedSaleBackups.remove('sale-1', 'e2');
    expect(await s.lockedSaleBackups.list()).toEqual([]);
    s.close();
  });

  it('see a sale’s journal while its quote row is there, and unspent random proofs per mint, sealed or not', async () => {
    const s = testStorage();
    await putPaidQuote(s, 'q1');
    expect(await s.lockedSaleBackups.journalOpen('quote', 'q1')).toBe(true);
    expect(await s.lockedSaleBackups.journalOpen('quote', 'q2')).toBe(false);
    expect(await s.lockedSaleBackups.journalOpen('ecash', 'q1')).toBe(false);

    await s.proofs.add([proof('plain', 4)], MINT_A);
    expect(await s.lockedSaleBackups.randomProofsAt(MINT_A)).toBe(false);
    await s.proofs.add([{ ...proof('random', 8), random: true }], MINT_B);
    expect(await s.lockedSaleBackups.randomProofsAt(MINT_B)).toBe(true);
    await s.proofs.markSpent(['random']);
    expect(await s.lockedSaleBackups.randomProofsAt(MINT_B)).toBe(false);
    s.close();
  });
});
