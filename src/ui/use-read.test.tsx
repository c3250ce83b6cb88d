// @vitest-environment happy-dom
// A watched read: read at once and on each change (or each time the screen asks); only the newest
// read's answer is shown, and nothing is read or shown once the screen is gone.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReadAgain, useWatchedRead } from './use-read';

afterEach(cleanup);

/** A value read by the test's hand: each read waits until the test answers it. */
function source() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const listeners = new Set<() => void>();
  return {
    read: vi.fn(() => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }))),
    answer: (index: number, value: string) => pending[index]!.resolve(value),
    fail: (index: number) => pending[index]!.reject(new Error('read failed')),
    change: () => {
      for (const listener of listeners) listener();
    },
    watch: (changed: () => void) => {
      listeners.add(changed);
      return () => void listeners.delete(changed);
    },
    listeners,
  };
}

function Shown({ from, onFailed }: { from: ReturnType<typeof source>; onFailed: () => void }) {
  const [value, setValue] = useState('none');
  const read = useCallback(() => from.read(), [from]);
  const watch = useCallback((changed: () => void) => from.watch(changed), [from]);
  useWatchedRead(read, watch, setValue, onFailed);
  return <p>{value}</p>;
}

describe('useWatchedRead', () => {
  it('reads at once and again on each change, showing the newest read even when it ends first', async () => {
    const from = source();
    render(<Shown from={from} onFailed={() => {}} />);
    expect(from.read).toHaveBeenCalledTimes(1);
    act(() => from.change());
    expect(from.read).toHaveBeenCalledTimes(2);
    await act(async () => from.answer(1, 'new'));
    await act(async () => from.answer(0, 'old'));
    expect(screen.getByText('new')).toBeTruthy();
    expect(screen.queryByText('old')).toBeNull();
  });

  it('hands a failure on, and after the screen is gone stops watching and hands nothing on', async () => {
    const shown = source();
    const failed = vi.fn();
    render(<Shown from={shown} onFailed={failed} />);
    await act(async () => shown.fail(0));
    expect(failed).toHaveBeenCalledTimes(1);

    const from = source();
    const onFailed = vi.fn();
    const { unmount } = render(<Shown from={from} onFailed={onFailed} />);
    unmount();
    expect(from.listeners.size).toBe(0);
    await act(async () => from.fail(0));
    expect(onFailed).not.toHaveBeenCalled();
    expect(from.read).toHaveBeenCalledTimes(1);
  });
});

function ReadAgain({ from }: { from: ReturnType<typeof source> }) {
  const [value, setValue] = useState('none');
  const read = useCallback(() => from.read(), [from]);
  const again = useReadAgain(read, setValue, () => {});
  return (
    <button type="button" onClick={again}>
      {value}
    </button>
  );
}

describe('useReadAgain', () => {
  it('reads at once and again when the screen asks, showing the newest read', async () => {
    const from = source();
    render(<ReadAgain from={from} />);
    expect(from.read).toHaveBeenCalledTimes(1);
    await act(async () => from.answer(0, 'first'));
    act(() => screen.getByRole('button').click());
    expect(from.read).toHaveBeenCalledTimes(2);
    await act(async () => from.answer(1, 'after the change'));
    expect(screen.getByRole('button').textContent).toBe('after the change');
  });
});
