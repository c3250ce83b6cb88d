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
