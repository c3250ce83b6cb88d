import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  centsProof,
  closedAfterEach,
  MINT_A,
  MINT_B,
  proof,
  testStorage,
} from '../../testing/storage/db';

describe('the till unit on Dexie', () => {
  const storage = closedAfterEach();

  it('charges in sats until a unit is chosen, and keeps the choice across a reload', async () => {
    const s = storage.open();
    expect(await s.tillUnit.getTillUnit()).toBe('sat');
    await s.tillUnit.setTillUnit('usd');
    const again = testStorage(s.db.name);
    try {
      expect(await again.tillUnit.getTillUnit()).toBe('usd');
    } finally {
      again.close();
    }
  });

  it('reads a row it cannot understand as sats, never as another unit', async () => {
    const s = storage.open();
    await s.db.config.put({ key: 'TILL_UNIT', value: 'msat', updatedAt: 1 });
    expect(await s.tillUnit.getTillUnit()).toBe('sat');
  });

  it('shows the balance in the till unit only: sats, or the cents of every mint, never both', async () => {
    const s = storage.open();
    await s.proofs.add([proof('s21', 21), centsProof('u300', 300)], MINT_A);
    await s.proofs.add([centsProof('u50', 50), { ...proof('e9', 9), unit: 'eur' }], MINT_B);
    expect(await s.tillUnit.tillBalance()).toEqual({ unit: 'sat', minor: 21, decimals: 0 });
    await s.tillUnit.setTillUnit('usd');
    expect(await s.tillUnit.tillBalance()).toEqual({ unit: 'usd', minor: 350, decimals: 2 });
  });
});
