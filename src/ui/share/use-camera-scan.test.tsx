// @vitest-environment happy-dom
// The camera scan (cart barcodes, customer tokens): each code under the camera is handed on once,
// an animated code once whole with its progress shown, Stop releases the camera, and a camera that
// cannot open stops the scan and says why to the caller.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BarcodeScan } from '../cart/BarcodeScan';
import { encodeWithdrawToken } from '../../core/wallet/withdraw/withdraw-token';
import nut00 from '../../conformance/vectors/nut00-tokens.json';
import { tokenToUrParts } from './ur-parts';
// Loaded here so the scan's own dynamic import of the decoder resolves at once under fake timers.
import './ur-scan';

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

  it('hands on an animated token once its frames are all read, showing how far it is', async () => {
    withCamera(async () => ({ getTracks: () => [{ stop }] }));
    const { mint, proofs } = nut00.v4.multiKeyset.token;
    const token = encodeWithdrawToken(mint, [...proofs, ...proofs, ...proofs]);
    const frames = tokenToUrParts(token);
    expect(frames.length).toBeGreaterThan(2);
    const onCode = vi.fn();
    render(<BarcodeScan onCode={onCode} onError={vi.fn()} />);
    codes = frames.slice(0, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await ticks(4);
    expect(onCode).not.toHaveBeenCalled();
    expect(screen.getByTestId('scan-progress').textContent).toMatch(/^Animated code: \d+% read$/);
    // The animation loops: the whole code again is not a second token.
    codes = [...frames.slice(2), ...frames];
    await ticks(frames.length * 2 + 2);
    expect(onCode.mock.calls).toEqual([[token]]);
    expect(screen.queryByTestId('scan-progress')).toBeNull();
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
