// Proofs sealed at rest while a PIN is set (decision 0030), on the real Dexie storage and till
// lock (fake-indexeddb): what a copy of the database shows, what a locked till can still count
// and find, and what setting, changing and removing the PIN does to the stored proofs.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newSalesKey, SalesOpener, SalesSealer } from '../../core/lock';
import type { NewProof } from '../../core/wallet/proof-ports';
import { createStorage } from '../index';
import { KEY_NAMES } from '../database/key-names';
import { DEFAULTS, freshDbName, recordingLogger } from '../../testing/storage/db';

const MINT = 'http://mint.test';

function proof(n: number): NewProof {
  const hex = n.toString(16).padStart(2, '0');
  return {
    secret: `${hex}${'5e'.repeat(31)}`,
    amount: 2 ** (n % 6),
    id: '00ad268c4d1f5826',
    C: `02${hex}${'cc'.repeat(31)}`,
    dleq: {
      e: `${hex}${'ee'.repeat(31)}`,
      s: `${hex}${'aa'.repeat(31)}`,
      r: `${hex}${'bb'.repeat(31)}`,
    },
  };
}

function open(dbName: string) {
  return createStorage({ dbName, defaults: DEFAULTS, logger: recordingLogger() });
}

/** Everything the proofs table and the key rows hold, as a copy of the profile would show it. */
async function rawText(s: ReturnType<typeof open>): Promise<string> {
  const proofs = await s.db.proofs.toArray();
  const keys = await s.db.keys.toArray();
  return JSON.stringify({ proofs, keys: keys.map((k) => String(k.value)) });
}

function secretParts(p: NewProof): string[] {
  return [p.secret, p.C, p.dleq!.r!, p.dleq!.s, p.dleq!.e];
}

async function lockedTill(pin = '4821') {
  const dbName = freshDbName();
  const s = open(dbName);
  const before = [proof(1), proof(2), proof(3)];
  await s.proofs.add(before, MINT);
  await s.lock.setPin(pin);
  return { dbName, s, before };
}

describe('sales seal', () => {
  it('opens what it sealed, and a wrong private key fails', () => {
    const sales = newSalesKey();
    const box = new SalesSealer(sales.publicKey).seal('the secret');
    expect(JSON.stringify(box)).not.toContain('the secret');
    expect(new SalesOpener(sales.privateKey).open(box)).toBe('the secret');
    expect(() => new SalesOpener(newSalesKey().privateKey).open(box)).toThrow();
  });
});

describe('proofs at rest', () => {
  it('stays plain without a PIN', async () => {
    const s = open(freshDbName());
    await s.proofs.add([proof(1)], MINT);
    expect(await rawText(s)).toContain(proof(1).secret);
    expect(await s.proofs.listUnspent()).toMatchObject([{ secret: proof(1).secret }]);
  });

  it('setting the PIN seals the stored proofs in its own write; the balance is unchanged', async () => {
    const { s, before } = await lockedTill();
    const text = await rawText(s);
    for (const p of before) for (const part of secretParts(p)) expect(text).not.toContain(part);
    expect(await s.proofs.balance()).toBe(2 + 4 + 8);
    // The page that set the PIN holds the sales key: the proofs read back whole.
    const listed = await s.proofs.listUnspent(MINT);
    expect(listed.map((p) => p.secret).sort()).toEqual(before.map((p) => p.secret).sort());
    expect(listed.find((p) => p.secret === proof(1).secret)).toMatchObject({
      C: proof(1).C,
      dleq: proof(1).dleq,
      amount: 2,
    });
  });

  it('a locked till seals new sales, counts them, finds them by secret, and opens them after the PIN', async () => {
    const { dbName, before } = await lockedTill();
    const page = open(dbName);
    await page.lock.init();
    expect(page.lock.state()).toBe('locked');
    const sale = proof(10);
    await page.proofs.add([sale], MINT);
    // Counted at once, stored sealed, and a repeat is still recognised.
    expect(await page.proofs.balance()).toBe(2 + 4 + 8 + 16);
    await page.proofs.add([sale], MINT);
    expect(await page.proofs.balance()).toBe(2 + 4 + 8 + 16);
    const text = await rawText(page);
    for (const part of secretParts(sale)) expect(text).not.toContain(part);
    // Nothing sealed can be read while locked; spending asks for the PIN first anyway.
    expect(await page.proofs.listUnspent()).toEqual([]);
    expect(await page.lock.enter('4821')).toEqual({ ok: true });
    const listed = await page.proofs.listUnspent();
    expect(listed.map((p) => p.secret).sort()).toEqual(
      [...before, sale].map((p) => p.secret).sort(),
    );
    // Rows are still found by their secret: spent flags and deletes work on sealed rows.
    await page.proofs.markSpent([sale.secret]);
    expect(await page.proofs.balance()).toBe(2 + 4 + 8);
    expect(await page.proofs.remove([proof(1).secret])).toBe(1);
    expect(await page.proofs.balance()).toBe(4 + 8);
  });

  it('changing the PIN keeps the proofs readable with the new one; removing it stores them plain', async () => {
    const { dbName, s, before } = await lockedTill();
    expect(await s.lock.changePin('4821', '13579')).toEqual({ ok: true });
    const page = open(dbName);
    expect(await page.lock.enter('13579')).toEqual({ ok: true });
    expect((await page.proofs.listUnspent()).length).toBe(3);
    expect(await page.lock.removePin('13579')).toEqual({ ok: true });
    const text = await rawText(page);
    for (const p of before) expect(text).toContain(p.secret);
    expect(await page.db.keys.get(KEY_NAMES.salesKey)).toBeUndefined();
    const again = open(dbName);
    expect((await again.proofs.listUnspent()).map((p) => p.C).sort()).toEqual(
      before.map((p) => p.C).sort(),
    );
    expect(await again.proofs.balance()).toBe(14);
  });

  it('a PIN set before sealing existed seals the plain proofs at the next unlock', async () => {
    const { dbName, s } = await lockedTill();
    // As a till from before decision 0030 left it: a lock record without a sales key, plain rows.
    const lockRow = await s.db.keys.get(KEY_NAMES.lock);
    const record = JSON.parse(lockRow!.value as string) as Record<string, unknown>;
    delete record.salesKey;
    await s.db.keys.put({ ...lockRow!, value: JSON.stringify(record) });
    await s.db.keys.delete(KEY_NAMES.salesKey);
    await s.db.proofs.clear();
    const plain = {
      ...proof(20),
      mintUrl: MINT,
      createdAt: 1,
      isSpent: false,
      spentFlag: 0 as const,
    };
    await s.db.proofs.add(plain);
    const page = open(dbName);
    expect(await page.lock.enter('4821')).toEqual({ ok: true });
    expect(await rawText(page)).not.toContain(proof(20).secret);
    const after = open(dbName);
    expect(await after.lock.enter('4821')).toEqual({ ok: true });
    expect(await after.proofs.listUnspent()).toMatchObject([
      { secret: proof(20).secret, C: proof(20).C },
    ]);
  });
});
