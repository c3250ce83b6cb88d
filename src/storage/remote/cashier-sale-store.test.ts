// The cashier's sales list on Dexie (schema v16): per merchant, newest first, pruned by the list
// rule in one transaction; link secrets kept per merchant; a v11 database gains the tables intact.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { CashierSale } from '../../core/remote-payments/cashier/cashier-sales';
import { paymentMessageFixture } from '../../testing/remote-payments/payment-message-fixture';
import { silentLogger } from '../../core/logger';
import { createStorage, type Storage } from '../index';
import { freshDbName } from '../../testing/storage/db';

const DAY = 24 * 60 * 60_000;
const NOW = 1_767_225_600_000;
const opened: Storage[] = [];

afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

function open(dbName = freshDbName()): Storage {
  const storage = createStorage({
    dbName,
    defaults: { mintUrl: 'https://mint.test', relays: ['wss://relay.test'] },
    logger: silentLogger,
  });
  opened.push(storage);
  return storage;
}

function sale(
  quote: string,
  merchant: string,
  createdAt: number,
  status: CashierSale['status'],
): CashierSale {
  return {
    quote,
    merchant,
    amount: 21,
    mintUrl: 'https://mint.test',
    relays: ['wss://relay.test'],
    message: paymentMessageFixture({ quote, receipt: 'ab'.repeat(32) }),
    receiptSecretKey: new Uint8Array(32).fill(7),
    expiry: null,
    status,
    createdAt,
    sends: 1,
    lastSentAt: createdAt,
  };
}

describe('DexieCashierSaleStore', () => {
  it('lists one merchant’s sales newest first, with the message and receipt key as written', async () => {
    const { cashierSales } = open();
    await cashierSales.put(sale('a', 'm1', NOW - 2, 'unpaid'));
    await cashierSales.put(sale('b', 'm1', NOW - 1, 'paid'));
    await cashierSales.put(sale('c', 'm2', NOW, 'unpaid'));
    await cashierSales.update('a', { status: 'confirmed', confirmedAmount: 21 });
    const list = await cashierSales.list('m1');
    expect(list.map((row) => [row.quote, row.status])).toEqual([
      ['b', 'paid'],
      ['a', 'confirmed'],
    ]);
    expect(list[1]!.receiptSecretKey).toEqual(new Uint8Array(32).fill(7));
    expect(list[1]!.message.quote).toBe('a');
  });

  it('prunes confirmed sales older than a day and keeps the newest 50 of one merchant only', async () => {
    const { cashierSales } = open();
    await cashierSales.put(sale('old-confirmed', 'm1', NOW - DAY - 1, 'confirmed'));
    await cashierSales.put(sale('old-waiting', 'm1', NOW - 2 * DAY, 'paid'));
    for (let i = 0; i < 50; i += 1) await cashierSales.put(sale(`n${i}`, 'm1', NOW - i, 'paid'));
    await cashierSales.put(sale('other', 'm2', NOW - 3 * DAY, 'confirmed'));
    expect(await cashierSales.prune('m1', NOW)).toBe(2);
    const kept = (await cashierSales.list('m1')).map((row) => row.quote);
    expect(kept).toHaveLength(50);
    expect(kept).not.toContain('old-confirmed');
    expect(kept).not.toContain('old-waiting');
    expect(await cashierSales.list('m2')).toHaveLength(1);
  });

  it('keeps a link’s pairing secret per merchant', async () => {
    const { cashierLinks } = open();
    expect(await cashierLinks.getPairingSecret('m1')).toBeUndefined();
    await cashierLinks.setPairingSecret('m1', new Uint8Array(32).fill(1));
    await cashierLinks.setPairingSecret('m1', new Uint8Array(32).fill(2));
    expect(await cashierLinks.getPairingSecret('m1')).toEqual(new Uint8Array(32).fill(2));
  });

  it('a database left by schema v11 opens with its rows and the new tables', async () => {
    const name = freshDbName();
    const old = new Dexie(name);
    old.version(11).stores({ config: '&key', melts: '&quote, mintUrl, request' });
    await old.open();
    await old.table('config').put({ key: 'MINT_URL', value: 'https://kept.mint', updatedAt: 1 });
    old.close();

    const storage = open(name);
    expect(await storage.config.getMintUrl()).toBe('https://kept.mint');
    await storage.cashierSales.put(sale('q', 'm1', NOW, 'unpaid'));
    expect(await storage.cashierSales.list('m1')).toHaveLength(1);
    expect(storage.db.verno).toBeGreaterThanOrEqual(28);
  });
});
