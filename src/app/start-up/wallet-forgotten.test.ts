// @vitest-environment happy-dom
// Another tab forgetting the wallet reloads this one; other storage changes do not.
import { describe, expect, it, vi } from 'vitest';
import { onboardedHintKey } from '../../storage/first-screen/onboarded-hint';
import { reloadWhenWalletForgotten } from './wallet-forgotten';

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
