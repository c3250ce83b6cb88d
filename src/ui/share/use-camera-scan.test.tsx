// @vitest-environment happy-dom
// The camera scan (cart barcodes, customer tokens): each code under the camera is handed on once,
// Stop releases the camera, and a camera that cannot open stops the scan and says why to the caller.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BarcodeScan } from '../cart/BarcodeScan';

let codes: string[] = [];
const stop = vi.fn();

class FakeDetector {
  async detect() {
    const next = codes.shift();
    return next ? [{ rawValue: next }] : [];
  }
}

function withCamera(open: () => Promise<unknown>) {
  Object.assign(globalThis, { BarcodeDetector: FakeDetector });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(open) },
  });
}

async function ticks(n: number) {
  for (let i = 0; i < n; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  codes = [];
  stop.mockClear();
  vi.spyOn(HTMLVideoElement.prototype, 'play').mockResolvedValue(undefined);
  // The fake stream is not a MediaStream; the page never reads it back.
  vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
});

describe('camera scan', () => {
  it('hands each code on once while it stays under the camera, and Stop releases the camera', async () => {
    withCamera(async () => ({ getTracks: () => [{ stop }] }));
    const onCode = vi.fn();
    const onError = vi.fn();
    render(<BarcodeScan onCode={onCode} onError={onError} />);
    codes = ['4006381333931', '4006381333931', '4006381333931', '5012345678900'];
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await ticks(6);
    expect(onError.mock.calls).toEqual([]);
    expect(onCode.mock.calls).toEqual([['4006381333931'], ['5012345678900']]);
    fireEvent.click(screen.getByRole('button', { name: 'Stop scanning' }));
    await ticks(1);
    expect(stop).toHaveBeenCalled();
  });

  it('a camera that cannot open stops the scan and is reported', async () => {
    const refused = new Error('Permission denied');
    withCamera(async () => {
      throw refused;
    });
    const onError = vi.fn();
    render(<BarcodeScan onCode={vi.fn()} onError={onError} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await ticks(1);
    expect(onError).toHaveBeenCalledWith(refused);
    expect(screen.getByRole('button', { name: 'Scan' })).toBeTruthy();
  });
});
