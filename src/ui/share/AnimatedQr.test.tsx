// @vitest-environment happy-dom
// AnimatedQr: lazily encodes the value as BC-UR frames and steps through them on a timer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { URDecoder } from '@gandlaf21/bc-ur';
import { AnimatedQr } from './AnimatedQr';

const longToken = 'cashuB' + 'o2FteBtodHRwczovL21pbnQuZXhhbXBsZS5jb20'.repeat(52);

const part = () => screen.getByTestId('animated-qr').getAttribute('data-part');

async function settle() {
  // The encoder module is imported inside the effect; let that import and its .then run.
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AnimatedQr', () => {
  it('shows a placeholder until the encoder has loaded, then a 240 px QR of the first part', async () => {
    render(<AnimatedQr value={longToken} label="Token QR" />);
    expect(screen.getByRole('img', { name: 'Preparing QR code' })).toBeTruthy();
    await settle();
    expect(part()).toMatch(/^ur:bytes\/1-11\//);
    const qr = screen.getByRole('img', { name: 'Token QR' });
    expect(qr.getAttribute('width')).toBe('240');
    expect(qr.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe(part());
  });

  it('moves to the next part every 100 ms', async () => {
    render(<AnimatedQr value={longToken} />);
    await settle();
    const first = part();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(part()).toBe(first);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(part()).toMatch(/^ur:bytes\/2-11\//);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(part()).toMatch(/^ur:bytes\/3-11\//);
  });

  it('shows frames that a bc-ur decoder reassembles into the value', async () => {
    render(<AnimatedQr value={longToken} />);
    await settle();
    const decoder = new URDecoder();
    for (let i = 0; i < 30 && !decoder.isComplete(); i++) {
      decoder.receivePart(part()!);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    expect(decoder.isSuccess()).toBe(true);
    expect(new TextDecoder().decode(decoder.resultUR().decodeCBOR())).toBe(longToken);
  });

  it('honours fragmentLength and intervalMs props', async () => {
    render(<AnimatedQr value={longToken} fragmentLength={100} intervalMs={250} />);
    await settle();
    const first = part();
    expect(first).toMatch(/^ur:bytes\/1-(2[0-9])\//);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(249);
    });
    expect(part()).toBe(first);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(part()).not.toBe(first);
  });

  it('keeps a single-part value on one static frame', async () => {
    render(<AnimatedQr value="cashuBshort" />);
    await settle();
    const only = part();
    expect(only).toMatch(/^ur:bytes\/[a-z]+$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(part()).toBe(only);
  });

  it('restarts from the first part of a new value and stops the old animation', async () => {
    const view = render(<AnimatedQr value={longToken} />);
    await settle();
    view.rerender(<AnimatedQr value={longToken + 'more'} />);
    expect(part()).toBeNull();
    await settle();
    expect(part()).toMatch(/^ur:bytes\/1-11\//);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
