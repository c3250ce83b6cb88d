// The keypad's services while the protocol libraries load: nothing loads until used, calls wait for
// the load, listeners attach once it is there and can detach before, a failed load reads 0 sats.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import { addItem, CURRENT_CART_ID } from '../../core/items/cart';
import { freshDbName, testStorage } from '../../testing/storage/db';
import { deferredPosServices } from './pos';
import { manualSource } from '../../testing/app/manual-source';

type Listener = (value: unknown) => void;

function fakePayments() {
  const settled = new Set<Listener>();
  const calls: unknown[][] = [];
  return {
    settled,
    calls,
    payments: {
      createInvoice: async ({ amount }: { amount: number }) => {
        calls.push(['createInvoice', amount]);
        return { quote: 'q1', amount } as PendingMintQuote;
      },
      setForeground: (quote: unknown) => void calls.push(['setForeground', quote]),
      onSettled: (listener: Listener) => {
        settled.add(listener);
        return () => settled.delete(listener);
      },
      onFailed: () => () => {},
    },
  };
}

describe('deferredPosServices', () => {
  it('loads nothing until used, and a new invoice waits for the payment service', async () => {
    const fake = fakePayments();
    const { source, finish, loads } = manualSource({ payments: fake.payments as never });
    const services = deferredPosServices(source);
    expect(loads()).toBe(0);
    const invoice = services.payments.createInvoice({ amount: 21 });
    expect(fake.calls).toEqual([]);
    finish(true);
    expect(await invoice).toMatchObject({ quote: 'q1', amount: 21 });
    expect(fake.calls).toEqual([['createInvoice', 21]]);
  });

  it('attaches a settled listener once loaded, and one removed before the load never attaches', async () => {
    const fake = fakePayments();
    const { source, finish } = manualSource({ payments: fake.payments as never });
    const services = deferredPosServices(source);
    const heard: unknown[] = [];
    services.payments.onSettled((value) => void heard.push(value));
    const off = services.payments.onSettled(() => void heard.push('removed listener'));
    off();
    finish(true);
    await source.load();
    await Promise.resolve();
    expect(fake.settled.size).toBe(1);
    for (const listener of fake.settled) listener('paid');
    expect(heard).toEqual(['paid']);
  });

  it('keeps the order of foreground changes made while loading', async () => {
    const fake = fakePayments();
    const { source, finish } = manualSource({ payments: fake.payments as never });
    const services = deferredPosServices(source);
    services.payments.setForeground('q1');
    services.payments.setForeground(null);
    finish(true);
    await source.load();
    await Promise.resolve();
    expect(fake.calls).toEqual([
      ['setForeground', 'q1'],
      ['setForeground', null],
    ]);
  });

  it('reads the balance in the till unit, and 0 sats when the services fail to load', async () => {
    const dollars = { unit: 'usd' as const, minor: 350, decimals: 2 };
    const loaded = manualSource({
      storage: { tillUnit: { tillBalance: async () => dollars } },
    } as never);
    const balance = deferredPosServices(loaded.source).storage.tillBalance!();
    loaded.finish(true);
    expect(await balance).toEqual(dollars);

    const failed = manualSource({});
    const zero = deferredPosServices(failed.source).storage.tillBalance!();
    failed.finish(false);
    expect(await zero).toEqual({ unit: 'sat', minor: 0, decimals: 0 });
  });

  it('reads and keeps the catalog and cart while the protocol services are still loading', async () => {
    const dbName = freshDbName();
    const storage = testStorage(dbName);
    const coffee = {
      id: 'coffee',
      name: 'Coffee',
      price: { unit: 'sat' as const, sats: 2500 },
      enabled: true,
      position: 0,
    };
    await storage.items.putMany([coffee]);
    const { source, loads } = manualSource({});
    source.base.storageOptions = { dbName, defaults: {} as never, logger: silentLogger };
    const { items } = deferredPosServices(source);
    expect((await items!.items.list()).map((item) => item.name)).toEqual(['Coffee']);
    const lines = addItem([], coffee, 'line-1');
    await items!.carts.put({ id: CURRENT_CART_ID, lines, updatedAt: 0 });
    expect((await storage.carts.get(CURRENT_CART_ID))?.lines).toEqual(lines);
    expect(loads()).toBe(0);
  });
});
