// @vitest-environment happy-dom
// Home's balance: a stored payment's totals (read in the transaction that stored it) show at once;
// every other update, and the start, wait for the database's read; an older read never wins.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletEvents } from '../../core/events';
import type { TillBalance } from '../../core/settings/till-unit';
import { useBalance } from './use-balance';

const sats = (minor: number): TillBalance => ({ unit: 'sat', minor, decimals: 0 });
const usd = (minor: number): TillBalance => ({ unit: 'usd', minor, decimals: 2 });

/** A balance store whose reads the test answers, one by one, in any order. */
function heldReads() {
  const pending: ((balance: TillBalance) => void)[] = [];
  const storage = {
    tillBalance: () => new Promise<TillBalance>((resolve) => pending.push(resolve)),
  };
  const answer = async (index: number, balance: TillBalance) => {
    await act(async () => pending[index]!(balance));
  };
  return { storage, pending, answer };
}

function mounted() {
  const reads = heldReads();
  const events = new WalletEvents();
  const hook = renderHook(() => useBalance({ storage: reads.storage, events }));
  return { ...reads, events, hook };
}

describe('useBalance', () => {
  it('shows a payment’s stored totals in the same turn, before any read answers', async () => {
    const { events, hook, pending, answer } = mounted();
    await answer(0, sats(100));
    expect(hook.result.current).toEqual(sats(100));
    act(() => events.emitUpdated({ reason: 'payment', amount: 21, balances: { sat: 121 } }));
    expect(hook.result.current).toEqual(sats(121));
    // It is read again all the same; that read confirms it.
    expect(pending).toHaveLength(2);
    await answer(1, sats(121));
    expect(hook.result.current).toEqual(sats(121));
  });

  it('takes the till unit’s figure, never the sats, in a fiat till', async () => {
    const { events, hook, answer } = mounted();
    await answer(0, usd(350));
    act(() =>
      events.emitUpdated({ reason: 'payment', amount: 150, balances: { sat: 16, usd: 500 } }),
    );
    expect(hook.result.current).toEqual(usd(500));
  });

  it('never lets a read started before the payment put the older figure back', async () => {
    const { events, hook, answer } = mounted();
    await answer(0, sats(100));
    act(() => events.emitUpdated({ reason: 'withdrawal' }));
    act(() => events.emitUpdated({ reason: 'payment', amount: 21, balances: { sat: 80 } }));
    expect(hook.result.current).toEqual(sats(80));
    await answer(1, sats(59)); // the withdrawal's read, from before the payment
    expect(hook.result.current).toEqual(sats(80));
    await answer(2, sats(80));
    expect(hook.result.current).toEqual(sats(80));
  });

  it('waits for the read when an update carries no totals, or none were read yet', async () => {
    const { events, hook, answer } = mounted();
    act(() => events.emitUpdated({ reason: 'payment', amount: 21, balances: { sat: 21 } }));
    // The till unit is not known before the first read: nothing is guessed.
    expect(hook.result.current).toBeNull();
    await answer(1, sats(21));
    expect(hook.result.current).toEqual(sats(21));
    act(() => events.emitUpdated({ reason: 'payment', amount: 5 }));
    expect(hook.result.current).toEqual(sats(21));
    await answer(2, sats(26));
    expect(hook.result.current).toEqual(sats(26));
  });
});
