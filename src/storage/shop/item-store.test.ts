import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addCustom, addItem, CURRENT_CART_ID, MAX_PARKED } from '../../core/items/cart';
import type { CatalogItem } from '../../core/items/item';
import { freshDbName, testStorage } from '../../testing/storage/db';
import { PARKED_FULL_MESSAGE } from './item-store';

const coffee: CatalogItem = {
  id: 'coffee',
  name: ' Coffee ',
  price: { unit: 'sat', sats: 2500 },
  category: '',
  enabled: true,
  position: 1,
};
const tea: CatalogItem = { ...coffee, id: 'tea', name: 'Tea', position: 0 };

describe('item store', () => {
  it('keeps items in grid order, trimmed, and writes none when one is bad', async () => {
    const s = testStorage(freshDbName());
    await s.items.putMany([coffee, tea]);
    expect((await s.items.list()).map((i) => i.name)).toEqual(['Tea', 'Coffee']);
    expect((await s.items.list())[1]).not.toHaveProperty('category');
    await expect(
      s.items.putMany([
        { ...tea, name: 'Green tea' },
        { ...coffee, name: '' },
      ]),
    ).rejects.toThrow('Give the item a name.');
    expect((await s.items.list()).map((i) => i.name)).toEqual(['Tea', 'Coffee']);
    await s.items.remove('tea');
    expect((await s.items.list()).map((i) => i.id)).toEqual(['coffee']);
    s.close();
  });
});

describe('cart store', () => {
  it('keeps the current cart across a reopen (a reload)', async () => {
    const name = freshDbName();
    const s = testStorage(name);
    const lines = addCustom(addItem([], coffee, 'l1'), 700, 'l2');
    await s.carts.put({ id: CURRENT_CART_ID, lines, updatedAt: 0 });
    s.close();
    const again = testStorage(name);
    expect((await again.carts.get(CURRENT_CART_ID))?.lines).toEqual(lines);
    again.close();
  });

  it('parks and recalls baskets, swapping a non-empty cart, and holds a few at most', async () => {
    const s = testStorage(freshDbName());
    const table4 = addItem([], coffee, 'a');
    await s.carts.put({ id: CURRENT_CART_ID, lines: table4, updatedAt: 0 });
    await s.carts.park('Table 4', 'p1');
    expect((await s.carts.get(CURRENT_CART_ID))?.lines).toEqual([]);
    expect((await s.carts.parked()).map((c) => [c.id, c.label])).toEqual([['p1', 'Table 4']]);

    const other = addItem([], tea, 'b');
    await s.carts.put({ id: CURRENT_CART_ID, lines: other, updatedAt: 0 });
    await s.carts.recall('p1', 'p2');
    expect((await s.carts.get(CURRENT_CART_ID))?.lines).toEqual(table4);
    expect((await s.carts.parked()).map((c) => c.lines)).toEqual([other]);

    for (let i = 0; i < MAX_PARKED - 1; i++) {
      await s.carts.put({ id: CURRENT_CART_ID, lines: table4, updatedAt: 0 });
      await s.carts.park(`T${i}`, `x${i}`);
    }
    await s.carts.put({ id: CURRENT_CART_ID, lines: table4, updatedAt: 0 });
    await expect(s.carts.park('One too many', 'y')).rejects.toThrow(PARKED_FULL_MESSAGE);
    await expect(s.carts.park('One too many', 'y')).rejects.toMatchObject({ kind: 'full' });
    await expect(s.carts.recall('no-such-basket', 'z')).rejects.toMatchObject({ kind: 'gone' });
    expect((await s.carts.get(CURRENT_CART_ID))?.lines).toEqual(table4);
    s.close();
  });

  it('names who parked a basket, and who parked the cart a recall swapped out', async () => {
    const name = freshDbName();
    const s = testStorage(name);
    const bo = { id: 's1', name: 'Bo', role: 'cashier' as const };
    const ana = { id: 's2', name: 'Ana', role: 'manager' as const };
    await s.carts.put({ id: CURRENT_CART_ID, lines: addItem([], coffee, 'a'), updatedAt: 0 });
    await s.carts.park('Table 4', 'p1', bo);
    await s.carts.put({ id: CURRENT_CART_ID, lines: addItem([], tea, 'b'), updatedAt: 0 });
    await s.carts.park('Table 5', 'p2');
    await s.carts.put({ id: CURRENT_CART_ID, lines: addItem([], tea, 'c'), updatedAt: 0 });
    await s.carts.recall('p1', 'p3', ana);
    s.close();
    // Read back after a reload: the name is kept with the basket, not with the page.
    const again = testStorage(name);
    const parked = await again.carts.parked();
    expect(parked.map((c) => [c.label, c.parkedBy?.name])).toEqual([
      ['Table 5', undefined],
      ['Swapped basket', 'Ana'],
    ]);
    // A stored name that is not a staff reference is read as none.
    await again.db.carts.put({ ...parked[0]!, parkedBy: { id: 1, name: 'x' } } as never);
    expect((await again.carts.get('p2'))?.parkedBy).toBeUndefined();
    again.close();
  });

  it('reads an unreadable stored cart as none, never as lines to charge', async () => {
    const s = testStorage(freshDbName());
    await s.db.carts.put({
      id: CURRENT_CART_ID,
      lines: [{ id: 'x', name: 'Bad', price: { unit: 'sat', sats: -1 }, quantity: 1 }],
      updatedAt: 0,
    });
    expect(await s.carts.get(CURRENT_CART_ID)).toBeUndefined();
    s.close();
  });

  it('tips are off until turned on', async () => {
    const s = testStorage(freshDbName());
    expect(await s.tips.get()).toEqual({ enabled: false });
    await s.tips.set({ enabled: true });
    expect(await s.tips.get()).toEqual({ enabled: true });
    s.close();
  });

  it("keeps a remote cashier's carts apart from the merchant's and from another merchant's", async () => {
    const s = testStorage(freshDbName());
    const cashier = s.cashierCarts('a'.repeat(64));
    const other = s.cashierCarts('b'.repeat(64));
    await s.carts.put({ id: CURRENT_CART_ID, lines: addItem([], coffee, 'l1'), updatedAt: 0 });
    await cashier.put({ id: CURRENT_CART_ID, lines: addCustom([], 100, 'l2'), updatedAt: 0 });
    await cashier.park('Table 2', 'p1');
    expect(await cashier.get(CURRENT_CART_ID)).toMatchObject({ lines: [] });
    expect((await cashier.parked()).map((c) => [c.id, c.label])).toEqual([['p1', 'Table 2']]);
    expect(await s.carts.parked()).toEqual([]);
    expect(await other.parked()).toEqual([]);
    expect((await s.carts.get(CURRENT_CART_ID))?.lines).toHaveLength(1);
    await cashier.recall('p1', 'swap');
    expect((await cashier.get(CURRENT_CART_ID))?.lines[0]).toMatchObject({ name: 'Custom amount' });
    expect(await cashier.parked()).toEqual([]);
    s.close();
  });
});
