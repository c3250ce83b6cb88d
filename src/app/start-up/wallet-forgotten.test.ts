// @vitest-environment happy-dom
// Another tab forgetting the wallet reloads this one; other storage changes do not. Deferred past
// the first screen, a removal in the meantime is still caught, and this tab's own is not.
import { describe, expect, it, vi } from 'vitest';
import { onboardedHintKey } from '../../storage/first-screen/onboarded-hint';
import { reloadWhenWalletForgotten, reloadWhenWalletForgottenAfter } from './wallet-forgotten';

const KEY = onboardedHintKey('cashew-pos');
const change = (key: string | null, oldValue: string | null, newValue: string | null) =>
  new StorageEvent('storage', { key, oldValue, newValue });

describe('reloadWhenWalletForgotten', () => {
  it('reloads when the copy saying "wallet" is removed, and only then', () => {
    const reload = vi.fn();
    const stop = reloadWhenWalletForgotten(window, 'cashew-pos', reload);
    window.dispatchEvent(change(KEY, null, '1'));
    window.dispatchEvent(change(onboardedHintKey('other-db'), '1', null));
    window.dispatchEvent(change('unrelated', '1', null));
    window.dispatchEvent(change(null, null, null));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(change(KEY, '1', null));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(change(KEY, '1', null));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

const listening = vi.spyOn(window, 'addEventListener');

/** A storage holding the copy (or not), and a start that listens once `painted()` is called. */
function deferredStart(copy: string | null, onboarded: boolean) {
  const items = new Map<string, string>(copy === null ? [] : [[KEY, copy]]);
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  let paint!: () => void;
  const after = new Promise<void>((resolve) => (paint = resolve));
  const reload = vi.fn();
  const stop = reloadWhenWalletForgottenAfter(window, 'cashew-pos', reload, {
    after,
    hadWallet: copy === '1',
    onboarded: Promise.resolve(onboarded),
    storage,
  });
  const painted = async () => {
    paint();
    await vi.waitFor(() => expect(listening).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { items, reload, stop, painted };
}

describe('reloadWhenWalletForgottenAfter', () => {
  it('listens only once the first screen has painted, then as before', async () => {
    listening.mockClear();
    const { reload, stop, painted } = deferredStart('1', true);
    window.dispatchEvent(change(KEY, '1', null));
    expect(listening).not.toHaveBeenCalledWith('storage', expect.anything());
    await painted();
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(change(KEY, '1', null));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  // The copy at start, IndexedDB's answer, whether the copy goes before the listener: reloads?
  it.each([
    ['another tab forgot the wallet before it listened', '1', true, true, 1],
    ['its own start removed the copy (IndexedDB held no wallet)', '1', false, true, 0],
    ['the device had no copy', null, true, false, 0],
  ] as const)('%s: reloads %#', async (_case, copy, onboarded, removed, reloads) => {
    listening.mockClear();
    const { items, reload, stop, painted } = deferredStart(copy, onboarded);
    if (removed) items.delete(KEY);
    await painted();
    expect(reload).toHaveBeenCalledTimes(reloads);
    stop();
  });
});
