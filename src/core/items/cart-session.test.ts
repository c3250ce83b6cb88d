import { describe, expect, it } from 'vitest';
import { CURRENT_CART_ID, type Cart } from './cart';
import { CartSession } from './cart-session';
import type { CatalogItem } from './item';
import type { CartStore } from './ports';
import type { StaffRef } from '../staff/staff';

const coffee: CatalogItem = {
  id: 'coffee',
  name: 'Coffee',
  price: { unit: 'sat', sats: 2500 },
  taxRatePercent: 10,
  enabled: true,
  position: 0,
};

/** Carts in memory, counting writes. */
function memoryCarts() {
  const rows = new Map<string, Cart>();
  let puts = 0;
  const store: CartStore = {
    get: async (id) => rows.get(id),
    put: async (cart) => {
      puts++;
      rows.set(cart.id, structuredClone(cart));
    },
    remove: async (id) => void rows.delete(id),
    parked: async () => [...rows.values()].filter((c) => c.id !== CURRENT_CART_ID),
    park: async (label, id, by) => {
      const current = rows.get(CURRENT_CART_ID);
      if (!current?.lines.length) throw new Error('The cart is empty.');
      rows.set(id, { ...current, id, label, ...(by ? { parkedBy: by } : {}) });
      rows.set(CURRENT_CART_ID, { id: CURRENT_CART_ID, lines: [], updatedAt: 0 });
    },
    recall: async (id) => {
      const parked = rows.get(id)!;
      rows.delete(id);
      rows.set(CURRENT_CART_ID, { id: CURRENT_CART_ID, lines: parked.lines, updatedAt: 0 });
    },
  };
  return { store, rows, puts: () => puts };
}

function session(store: CartStore) {
  const tasks: Array<() => void> = [];
  let n = 0;
  const cart = new CartSession({
    store,
    newId: () => `id${++n}`,
    schedule: (task) => tasks.push(task),
  });
  const runScheduled = async () => {
    for (const task of tasks.splice(0)) task();
    await cart.save();
  };
  return { cart, tasks, runScheduled };
}

describe('CartSession', () => {
  it('shows a change at once and writes a burst of taps once, after them', async () => {
    const carts = memoryCarts();
    const { cart, tasks, runScheduled } = session(carts.store);
    await cart.load();
    cart.add(coffee);
    cart.add(coffee);
    cart.addCustom(300);
    expect(cart.snapshot().lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Coffee', 2],
      ['Custom amount', 1],
    ]);
    expect(carts.puts()).toBe(0);
    expect(tasks).toHaveLength(1);
    await runScheduled();
    expect(carts.puts()).toBe(1);
    expect(carts.rows.get(CURRENT_CART_ID)?.lines).toHaveLength(2);
  });

  it('writes the cart before parking it, and recalls it', async () => {
    const carts = memoryCarts();
    const { cart } = session(carts.store);
    await cart.load();
    cart.add(coffee);
    await cart.park('Table 4');
    expect(cart.snapshot().lines).toEqual([]);
    expect(cart.snapshot().parked.map((b) => b.label)).toEqual(['Table 4']);
    const [basket] = cart.snapshot().parked;
    await cart.recall(basket!.id);
    expect(cart.snapshot().lines.map((l) => l.name)).toEqual(['Coffee']);
    expect(cart.snapshot().parked).toEqual([]);
  });

  it('names the person at the till when the basket is parked, not when the session began', async () => {
    const carts = memoryCarts();
    const cart = new CartSession({
      store: carts.store,
      newId: () => crypto.randomUUID(),
      schedule: () => {},
    });
    cart.setAtTill({ id: 's1', name: 'Bo', role: 'cashier' } satisfies StaffRef);
    await cart.load();
    cart.add(coffee);
    cart.setAtTill({ id: 's2', name: 'Ana', role: 'manager' });
    await cart.park('Table 4');
    expect(cart.snapshot().parked.map((b) => [b.label, b.parkedBy?.name])).toEqual([
      ['Table 4', 'Ana'],
    ]);
  });

  it('charges the total with tax and tip, and empties only a charged cart once paid', async () => {
    const { cart } = session(memoryCarts().store);
    await cart.load();
    cart.paid();
    expect(cart.snapshot().lines).toEqual([]);
    cart.add(coffee);
    cart.addCustom(100);
    cart.paid();
    expect(cart.snapshot().lines).toHaveLength(2);
    // 2,500 + 250 tax + 100 = 2,850; 10 % tip = 285.
    const charge = cart.charge(undefined, { kind: 'percent', percent: 10 });
    expect(charge?.amount).toBe(3135);
    expect(charge?.lines).toMatchObject({ subtotalSats: 2600, taxSats: 250, tipSats: 285 });
    expect(charge?.lines?.lines.at(-1)).toEqual({
      name: 'Custom amount',
      quantity: 1,
      unitSats: 100,
    });
    cart.paid();
    expect(cart.snapshot().lines).toEqual([]);
  });

  it('keeps a change made while the stored cart was being read', async () => {
    const carts = memoryCarts();
    carts.rows.set(CURRENT_CART_ID, { id: CURRENT_CART_ID, lines: [], updatedAt: 0 });
    const { cart } = session(carts.store);
    const loading = cart.load();
    cart.add(coffee);
    await loading;
    expect(cart.snapshot().lines.map((l) => l.name)).toEqual(['Coffee']);
  });

  it('stops a line at its counted stock: the refused tap changes and writes nothing', async () => {
    const carts = memoryCarts();
    const { cart, tasks, runScheduled } = session(carts.store);
    await cart.load();
    cart.setStock(new Map([['coffee', { left: 2, low: true, soldOut: false }]]));
    expect(cart.add(coffee)).toBeUndefined();
    const lineId = cart.snapshot().lines[0]!.id;
    expect(cart.setQuantity(lineId, 2)).toBeUndefined();
    await runScheduled();
    const before = cart.snapshot();
    expect(cart.setQuantity(lineId, 3)).toEqual({ key: 'coffee', name: 'Coffee', left: 2 });
    expect(cart.add(coffee)).toEqual({ key: 'coffee', name: 'Coffee', left: 2 });
    expect(cart.snapshot()).toBe(before);
    expect(tasks).toHaveLength(0);
    expect(carts.rows.get(CURRENT_CART_ID)?.lines[0]?.quantity).toBe(2);
    // Fewer is always allowed, and without counted stock anything goes.
    expect(cart.setQuantity(lineId, 1)).toBeUndefined();
    cart.setStock(undefined);
    expect(cart.setQuantity(lineId, 9)).toBeUndefined();
    expect(cart.snapshot().lines[0]?.quantity).toBe(9);
  });

  it('prices by the shop rules with the cart discount, one object until either changes', async () => {
    const { cart } = session(memoryCarts().store);
    await cart.load();
    cart.setRules({ rounding: 'receipt' });
    const plain = cart.pricing();
    expect(plain).toEqual({ rounding: 'receipt' });
    cart.add(coffee);
    cart.setCartDiscount({ kind: 'percent', percent: 10, reason: 'Staff' });
    const discounted = cart.pricing();
    expect(discounted).toEqual({
      rounding: 'receipt',
      cartDiscount: { kind: 'percent', percent: 10, reason: 'Staff' },
    });
    cart.add(coffee);
    expect(cart.pricing()).toBe(discounted);
  });
});

describe('CartSession in a till charging in dollars', () => {
  const cake: CatalogItem = {
    id: 'cake',
    name: 'Cake',
    price: { unit: 'fiat', currency: 'USD', minor: 300 },
    enabled: true,
    position: 1,
  };

  it('prices and charges the cart in cents, a custom amount and the shop rules with them', async () => {
    const { cart } = session(memoryCarts().store);
    await cart.load();
    cart.setUnit('usd');
    cart.setRules({ pricesIncludeTax: false });
    cart.add(cake);
    cart.addCustom(50);
    expect(cart.snapshot().lines[1]!.price).toEqual({ unit: 'fiat', currency: 'USD', minor: 50 });
    expect(cart.pricing()).toEqual({ pricesIncludeTax: false, unit: 'usd' });
    expect(cart.charge(undefined, { kind: 'none' })).toMatchObject({ amount: 350, unit: 'usd' });
  });

  it('goes back to sats when the till does', async () => {
    const { cart } = session(memoryCarts().store);
    await cart.load();
    cart.setUnit('usd');
    cart.setUnit(undefined);
    cart.add(coffee);
    const sale = cart.charge(undefined, { kind: 'none' });
    expect(sale).toMatchObject({ amount: 2_750 });
    expect(sale?.unit).toBeUndefined();
  });
});
