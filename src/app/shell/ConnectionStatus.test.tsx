// @vitest-environment happy-dom
// The shell's indicator: offline from the browser's flag, mint unreachable from the probe, online
// otherwise; back online asks the mint again at once.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionStatus } from './ConnectionStatus';

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const state = () => screen.getByTestId('connection-status').getAttribute('data-state');

function goOffline(offline: boolean) {
  online = !offline;
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

describe('ConnectionStatus', () => {
  it('says online until the mint is found unreachable, then says so', async () => {
    const probeMint = vi.fn(async () => false);
    render(<ConnectionStatus probeMint={probeMint} firstCheckMs={1000} intervalMs={5000} />);
    expect(state()).toBe('online');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(probeMint).toHaveBeenCalledOnce();
    expect(state()).toBe('mint-unreachable');
    expect(screen.getByTestId('connection-status').textContent).toContain('Mint unreachable');
  });

  it('checks the mint again on its interval and clears the warning when it answers', async () => {
    let answers = false;
    const probeMint = vi.fn(async () => answers);
    render(<ConnectionStatus probeMint={probeMint} firstCheckMs={0} intervalMs={5000} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(state()).toBe('mint-unreachable');
    answers = true;
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(state()).toBe('online');
  });

  it('says offline while the browser is offline, asking the mint nothing', async () => {
    const probeMint = vi.fn(async () => true);
    render(<ConnectionStatus probeMint={probeMint} firstCheckMs={1000} intervalMs={5000} />);
    act(() => goOffline(true));
    expect(state()).toBe('offline');
    expect(screen.getByTestId('connection-status').textContent).toContain('Offline');
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(probeMint).not.toHaveBeenCalled();
  });

  it('back online, asks the mint at once', async () => {
    const probeMint = vi.fn(async () => false);
    render(<ConnectionStatus probeMint={probeMint} firstCheckMs={0} intervalMs={60_000} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    act(() => goOffline(true));
    probeMint.mockClear();
    act(() => goOffline(false));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(probeMint).toHaveBeenCalledOnce();
    expect(state()).toBe('mint-unreachable');
  });
});
