// A parked basket keeps the unit its amount discounts were given in: recalled at a till charging
// in another unit it is refused by name and stays parked as it was, never re-read as cents
// (or sats); a basket without amount discounts, or parked before baskets kept a unit, comes back.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BasketUnitError } from '../../core/items/basket-unit';
import { CURRENT_CART_ID } from '../../core/items/cart';
import { CartSession } from '../../core/items/cart-session';
import type { CatalogItem } from '../../core/items/item';
import { freshDbName, testStorage } from '../../testing/storage/db';

const coffee: CatalogItem = {
  id: 'coffee',
  name: 'Coffee',
  price: { unit: 'fiat', currency: 'USD', minor: 350 },
  enabled: true,
  position: 0,
};
const price = { currency: 'USD', price: 100_000 };

/** Recalls the basket and reads the cart's total in the till's minor unit. */
async function totalAfterRecall(cart: CartSession, id: string): Promise<number | undefined> {
  await cart.recall(id);
  return cart.summary(price, { kind: 'none' }).totals?.total.sats;
}

function till() {
  const storage = testStorage(freshDbName());
  let n = 0;
  const cart = new CartSession({
    store: storage.carts,
    newId: () => `id${++n}`,
    schedule: () => {},
  });
  return { storage, cart };
}

/** The coffee with `off` taken off its line, parked as Table 4. */
async function parkWithDiscount(cart: CartSession, off: number | 'percent'): Promise<string> {
  await cart.load();
  cart.add(coffee);
  const [line] = cart.snapshot().lines;
  cart.setLineDiscount(
    line!.id,
    off === 'percent'
      ? { kind: 'percent', percent: 10, reason: 'regular' }
      : { kind: 'sats', sats: off, reason: 'regular' },
  );
  await cart.park('Table 4');
  return cart.snapshot().parked[0]!.id;
}

describe('a parked basket’s unit', () => {
  it('refuses a basket with 500 sats off at a till now charging in USD, and keeps it parked', async () => {
    const { storage, cart } = till();
    const id = await parkWithDiscount(cart, 500);
    expect(cart.snapshot().parked[0]).toMatchObject({ label: 'Table 4', unit: 'sat' });

    cart.setUnit('usd');
    const refused = cart.recall(id);
    await expect(refused).rejects.toBeInstanceOf(BasketUnitError);
    await expect(refused).rejects.toMatchObject({
      label: 'Table 4',
      parkedIn: 'sat',
      tillUnit: 'usd',
      message:
        '“Table 4” was parked with a discount in sats: switch the till back to sats to charge it.',
    });
    // Nothing moved: the basket is parked with its 500 sats, the cart still empty.
    const [kept] = await storage.carts.parked();
    expect(kept?.lines[0]?.discount).toEqual({ kind: 'sats', sats: 500, reason: 'regular' });
    expect((await storage.carts.get(CURRENT_CART_ID))?.lines).toEqual([]);

    // Back in sats, it comes back with its 500 sats off: 350 cents at 100,000 USD/BTC are 3,500
    // sats, less 500.
    cart.setUnit(undefined);
    expect(await totalAfterRecall(cart, id)).toBe(3000);
    storage.close();
  });

  it('refuses a basket with 0.25 USD off at a till now charging in sats', async () => {
    const { storage, cart } = till();
    cart.setUnit('usd');
    const id = await parkWithDiscount(cart, 25);
    cart.setUnit(undefined);
    await expect(cart.recall(id)).rejects.toMatchObject({ parkedIn: 'usd', tillUnit: 'sat' });
    cart.setUnit('usd');
    expect(await totalAfterRecall(cart, id)).toBe(325);
    storage.close();
  });

  it('recalls a basket with a percent off in any unit, and one parked before baskets kept a unit', async () => {
    const { storage, cart } = till();
    const id = await parkWithDiscount(cart, 'percent');
    cart.setUnit('usd');
    expect(await totalAfterRecall(cart, id)).toBe(315);

    // An older basket names no unit: read in the till's unit, as it always was.
    const older = await parkWithDiscount(cart, 25);
    const row = (await storage.db.carts.get(older))!;
    const { unit: _unit, ...before } = row as typeof row & { unit?: string };
    await storage.db.carts.put(before);
    await cart.recall(older);
    expect(cart.snapshot().lines[0]?.discount).toEqual({
      kind: 'sats',
      sats: 25,
      reason: 'regular',
    });
    storage.close();
  });
});

describe('the current cart’s unit', () => {
  /** A till in sats with the coffee at 500 sats off and 10 % off a second line, saved. */
  async function satCartWithDiscounts(dbName: string) {
    const storage = testStorage(dbName);
    const cart = new CartSession({ store: storage.carts, newId: () => 'line', schedule: () => {} });
    cart.setUnit(undefined);
    await cart.load();
    cart.add(coffee);
    cart.setLineDiscount('line', { kind: 'sats', sats: 500, reason: 'regular' });
    cart.setCartDiscount({ kind: 'sats', sats: 100, reason: 'loyal' });
    await cart.save();
    return { storage, cart };
  }

  /** The cart screen opened again on `storage` at a till now charging in USD. */
  async function reopenInDollars(storage: ReturnType<typeof testStorage>) {
    const reopened = new CartSession({
      store: storage.carts,
      newId: () => 'x',
      schedule: () => {},
    });
    reopened.setUnit('usd');
    await reopened.load();
    return reopened;
  }

  it('takes sat discounts off when the till charges in USD, never reading them as cents', async () => {
    const dbName = freshDbName();
    const { storage, cart } = await satCartWithDiscounts(dbName);
    expect((await storage.carts.get(CURRENT_CART_ID))?.unit).toBe('sat');

    cart.setUnit('usd');
    const after = cart.snapshot();
    expect(after.discountsRemovedIn).toBe('sat');
    expect(after.lines[0]?.discount).toBeUndefined();
    expect(after.cartDiscount).toBeUndefined();
    expect(cart.summary(price, { kind: 'none' }).totals?.total.sats).toBe(350);
    await cart.save();
    const stored = await storage.carts.get(CURRENT_CART_ID);
    expect(stored?.unit).toBe('usd');
    expect(stored?.lines[0]?.discount).toBeUndefined();
    storage.close();
  });

  it('does the same for a cart saved in sats and opened at a till now in USD', async () => {
    const dbName = freshDbName();
    (await satCartWithDiscounts(dbName)).storage.close();
    const storage = testStorage(dbName);
    const reopened = await reopenInDollars(storage);
    expect(reopened.snapshot().discountsRemovedIn).toBe('sat');
    expect(reopened.snapshot().lines[0]?.discount).toBeUndefined();
    expect(reopened.summary(price, { kind: 'none' }).totals?.total.sats).toBe(350);
    storage.close();
  });

  it('keeps a percent off, and the discounts of a cart saved before carts kept a unit', async () => {
    const dbName = freshDbName();
    const { storage, cart } = await satCartWithDiscounts(dbName);
    cart.setLineDiscount('line', { kind: 'percent', percent: 10, reason: 'regular' });
    cart.setCartDiscount(undefined);
    cart.setUnit('usd');
    expect(cart.snapshot().discountsRemovedIn).toBeUndefined();
    expect(cart.snapshot().lines[0]?.discount).toMatchObject({ kind: 'percent' });

    const row = (await storage.db.carts.get(CURRENT_CART_ID))!;
    await storage.db.carts.put({
      ...row,
      unit: undefined,
      lines: [{ ...row.lines[0]!, discount: { kind: 'sats', sats: 25, reason: 'regular' } }],
    });
    const reopened = await reopenInDollars(storage);
    expect(reopened.snapshot().lines[0]?.discount).toMatchObject({ kind: 'sats', sats: 25 });
    storage.close();
  });
});
