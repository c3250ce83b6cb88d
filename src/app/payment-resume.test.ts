// Resuming pending quotes: at start when onboarded, on online and visible-again, never when not.
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../core/logger';
import { startPaymentResume } from './payment-resume';

function setup(options: { onboarded: boolean; resume?: () => Promise<void> }) {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const resumeAll = vi.fn(options.resume ?? (() => Promise.resolve()));
  let onboarded = options.onboarded;
  const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const stop = startPaymentResume({
    payments: { resumeAll },
    config: { isOnboarded: () => Promise.resolve(onboarded) },
    logger,
    window,
    document,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    window,
    document,
    resumeAll,
    logger,
    stop,
    settle,
    setOnboarded: (value: boolean) => (onboarded = value),
  };
}

describe('startPaymentResume', () => {
  it('resumes once at start when onboarded', async () => {
    const { resumeAll, settle } = setup({ onboarded: true });
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a device that is not onboarded (remote cashier page)', async () => {
    const { resumeAll, window, settle } = setup({ onboarded: false });
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(resumeAll).not.toHaveBeenCalled();
  });

  it('resumes again when the browser is back online and when the tab is shown again', async () => {
    const { resumeAll, window, document, settle } = setup({ onboarded: true });
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(2);
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(3);
  });

  it('a burst of events during a run is folded into one more run', async () => {
    let release = () => {};
    const { resumeAll, window, settle } = setup({
      onboarded: true,
      resume: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await settle();
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('online'));
    release();
    await settle();
    release();
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(2);
  });

  it('a failing resume is only logged and later triggers still run', async () => {
    const { resumeAll, window, logger, settle } = setup({
      onboarded: true,
      resume: () => Promise.reject(new Error('offline')),
    });
    await settle();
    expect(logger.error).toHaveBeenCalledWith(
      'Resuming pending payments failed',
      expect.any(Error),
    );
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(2);
  });

  it('stops listening after stop()', async () => {
    const { resumeAll, window, stop, settle } = setup({ onboarded: true });
    await settle();
    stop();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(resumeAll).toHaveBeenCalledTimes(1);
  });
});
