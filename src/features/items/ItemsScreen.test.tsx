// @vitest-environment happy-dom
// The item editor on real storage behind the merchant PIN: shut until the right PIN, every change
// asked again once the gate closed, and a delete asked first and undone to the very same item.
import 'fake-indexeddb/auto';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { priceCart } from '../../core/items/cart';
import { CAKE, COFFEE, USD_PRICE } from '../../testing/items/catalog';
import { screenStorages } from '../../testing/storage/screen-storage';
import { fakePinGate, RIGHT_PIN } from '../../testing/ui/fake-pin-gate';
import type { ItemsServices } from './deps';
import { ItemsScreen } from './ItemsScreen';

configure({ asyncUtilTimeout: 10_000 });

const storages = screenStorages();

async function renderItems(gate?: ItemsServices['lock']) {
  const storage = await storages.open(['ws://127.0.0.1:7777']);
  await storage.items.putMany([COFFEE, CAKE]);
  const services = {
    storage,
    logger: silentLogger,
    ...(gate ? { lock: gate } : {}),
  } satisfies ItemsServices;
  render(<ItemsScreen services={services} />);
  return storage;
}

function typePin(pin: string, within_: HTMLElement = document.body) {
  fireEvent.change(within(within_).getByLabelText('PIN'), { target: { value: pin } });
  fireEvent.click(within(within_).getByRole('button', { name: 'Unlock' }));
}

describe('ItemsScreen behind the merchant PIN', () => {
  it('shows the PIN prompt instead of the items until the right PIN; a wrong one opens nothing', async () => {
    const { gate, state } = fakePinGate(false);
    const storage = await renderItems(gate);
    await screen.findByLabelText('PIN');
    expect(screen.queryByTestId('item-list')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Coffee' })).toBeNull();

    typePin('1111');
    await waitFor(() => expect(state.entered).toEqual(['1111']));
    // The prompt has taken the answer (and cleared the field) before the next PIN is typed.
    await screen.findByText('Wrong PIN. Try again.');
    expect(screen.queryByTestId('item-list')).toBeNull();
    expect(await storage.items.list()).toEqual([COFFEE, CAKE]);

    typePin(RIGHT_PIN);
    expect(await screen.findByTestId('item-list')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Coffee' })).toBeTruthy();
  });

  it('asks again before saving a price once the gate has closed, and saves only after the right PIN', async () => {
    const { gate, state } = fakePinGate(true);
    const storage = await renderItems(gate);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Coffee' }));
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '1' } });
    // Three minutes since the PIN: the next change waits for it.
    state.open = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    const prompt = await screen.findByRole('dialog', { name: 'Enter the merchant PIN' });
    typePin('9999', prompt);
    await waitFor(() => expect(state.entered).toEqual(['9999']));
    await within(prompt).findByText('Wrong PIN. Try again.');
    expect((await storage.items.list())[0]?.price).toEqual(COFFEE.price);

    typePin(RIGHT_PIN, prompt);
    await waitFor(async () =>
      expect((await storage.items.list())[0]?.price).toEqual({ unit: 'sat', sats: 1 }),
    );
  });

  it('asks again before turning tips on once the gate has closed', async () => {
    const { gate, state } = fakePinGate(true);
    const storage = await renderItems(gate);
    const tips = await screen.findByRole('checkbox', { name: 'Ask for a tip before charging' });
    state.open = false;
    fireEvent.click(tips);
    const prompt = await screen.findByRole('dialog', { name: 'Enter the merchant PIN' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await storage.tips.get()).toEqual({ enabled: false });
    expect((tips as HTMLInputElement).checked).toBe(false);
  });
});

describe('ItemsScreen delete', () => {
  it('asks first: Keep it changes nothing', async () => {
    const storage = await renderItems();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Coffee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    expect(dialog.textContent).toContain(
      "Coffee leaves the Items side and the cashiers' catalog. Parked baskets keep their lines.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await storage.items.list()).toEqual([COFFEE, CAKE]);
  });

  it('deletes once confirmed, and Undo puts the very same item back in its place', async () => {
    const storage = await renderItems();
    // A parked basket holding the item before it is deleted.
    await storage.carts.put({
      id: 'parked-1',
      label: 'Table 4',
      lines: [
        {
          id: 'l1',
          itemId: CAKE.id,
          name: CAKE.name,
          price: CAKE.price,
          quantity: 2,
          taxRatePercent: 7.5,
        },
      ],
      updatedAt: 1,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('item-deleted')).textContent).toContain('Cake deleted.');
    expect(await storage.items.list()).toEqual([COFFEE]);
    expect(within(screen.getByTestId('item-list')).queryByText('Cake')).toBeNull();
    // The basket still prices while the item is gone: its lines are snapshots.
    const [basket] = await storage.carts.parked();
    const priced = priceCart(basket!.lines, USD_PRICE, { kind: 'none' });
    expect(priced.ok && priced.totals.totalSats).toBe(7525);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await storage.items.list()).toEqual([COFFEE, CAKE]));
    await waitFor(() => expect(screen.queryByTestId('item-deleted')).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete Cake' })).toBeTruthy();
    expect((await storage.carts.parked())[0]?.lines[0]?.itemId).toBe(CAKE.id);
  });

  it('keeps the Undo through the gate closing over the screen', async () => {
    const { gate, state } = fakePinGate(true);
    const storage = await renderItems(gate);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Coffee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByTestId('item-deleted');
    state.open = false;
    // The screen turns back into the prompt within a second.
    await screen.findByLabelText('PIN', undefined, { timeout: 5_000 });
    expect(screen.queryByTestId('item-list')).toBeNull();
    typePin(RIGHT_PIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await storage.items.list()).toEqual([COFFEE, CAKE]));
  });
});
