// @vitest-environment happy-dom
// The shared invoice flow: a mint that never answers is reported after the timeout and can be
// cancelled; an offline Submit makes no request; a late answer after Cancel is not shown.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishText } from '../i18n';
import { OFFLINE_SUBMIT } from '../locales/keypad/en.json';
import {
  BUSY_RENDER_AFTER_MS,
  INVOICE_SLOW_AFTER_MS,
  useInvoiceFlow,
  type InvoiceFlowOptions,
} from './use-invoice-flow';

type Quote = { quote: string };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A create whose answer the test gives (or never gives). */
function deferredCreate() {
  let answer: ((quote: Quote) => void) | undefined;
  let fail: ((error: unknown) => void) | undefined;
  const create = vi.fn(
    () =>
      new Promise<Quote>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { create, answer: (q: Quote) => answer!(q), fail: (e: unknown) => fail!(e) };
}

function setup(overrides: Partial<InvoiceFlowOptions<Quote>> = {}) {
  const mint = deferredCreate();
  const onCreateError = vi.fn(() => 'failed');
  const options: InvoiceFlowOptions<Quote> = {
    create: mint.create,
    watch: () => () => {},
    onCreateError,
    isOffline: () => false,
    t: englishText,
    ...overrides,
  };
  const view = renderHook(() => useInvoiceFlow(options));
  return { ...mint, onCreateError, view };
}

describe('useInvoiceFlow', () => {
  it('keeps "creating" without "slow" until the timeout, then says the mint is slow', () => {
    const { view } = setup();
    act(() => view.result.current.submit(21));
    expect(view.result.current).toMatchObject({ creating: true, slow: false });
    act(() => vi.advanceTimersByTime(INVOICE_SLOW_AFTER_MS - 1));
    expect(view.result.current.slow).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(view.result.current).toMatchObject({ creating: true, slow: true });
  });

  it('times out after about 10 seconds by default', () => {
    expect(INVOICE_SLOW_AFTER_MS).toBe(10_000);
  });

  it('Cancel ends the wait, and a late answer is neither shown nor reported', async () => {
    const { view, answer, create } = setup();
    act(() => view.result.current.submit(21));
    act(() => vi.advanceTimersByTime(INVOICE_SLOW_AFTER_MS));
    act(() => view.result.current.cancel());
    expect(view.result.current).toMatchObject({ creating: false, slow: false, error: null });
    await act(async () => answer({ quote: 'late' }));
    expect(view.result.current).toMatchObject({ invoice: null, open: false, creating: false });
    // The keypad can submit again at once.
    act(() => view.result.current.submit(5));
    expect(create).toHaveBeenCalledTimes(2);
    expect(view.result.current.creating).toBe(true);
  });

  it('with busyAfterRequest, asks the mint in the Submit and renders busy only if it is slow', () => {
    const { view, create } = setup({ busyAfterRequest: true });
    act(() => view.result.current.submit(21));
    // Asked before any render: the request leaves ahead of the busy keypad's render.
    expect(create).toHaveBeenCalledWith(21);
    expect(view.result.current.creating).toBe(false);
    // Held from Submit on, for the screen's controls.
    expect(view.result.current.isCreating()).toBe(true);
    // Another Submit before the busy render asks nothing.
    act(() => view.result.current.submit(22));
    expect(create).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(BUSY_RENDER_AFTER_MS - 1));
    expect(view.result.current.creating).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(view.result.current.creating).toBe(true);
  });

  it('an answer before the busy task shows the invoice and is not made busy after', async () => {
    const { view, answer } = setup({ busyAfterRequest: true });
    act(() => view.result.current.submit(21));
    await act(async () => answer({ quote: 'q1' }));
    act(() => vi.advanceTimersByTime(BUSY_RENDER_AFTER_MS));
    expect(view.result.current).toMatchObject({
      invoice: { quote: 'q1' },
      open: true,
      creating: false,
    });
    expect(view.result.current.isCreating()).toBe(false);
  });

  it('a failure before the busy task is said and not made busy after', async () => {
    const { view, fail } = setup({ busyAfterRequest: true });
    act(() => view.result.current.submit(21));
    await act(async () => fail(new Error('no')));
    act(() => vi.advanceTimersByTime(BUSY_RENDER_AFTER_MS));
    expect(view.result.current).toMatchObject({ creating: false, error: 'failed' });
  });

  it('with busyAfterRequest, a Submit after a failure clears it at once', async () => {
    const { view, fail, create } = setup({ busyAfterRequest: true });
    act(() => view.result.current.submit(21));
    await act(async () => fail(new Error('no')));
    expect(view.result.current.error).toBe('failed');
    act(() => view.result.current.submit(21));
    expect(create).toHaveBeenCalledTimes(2);
    expect(view.result.current.error).toBeNull();
  });

  it('a failure after Cancel is not reported', async () => {
    const { view, fail, onCreateError } = setup();
    act(() => view.result.current.submit(21));
    act(() => view.result.current.cancel());
    await act(async () => fail(new Error('late')));
    expect(onCreateError).not.toHaveBeenCalled();
    expect(view.result.current.error).toBeNull();
  });

  it('an answer before the timeout shows the invoice and never reports slowness', async () => {
    const { view, answer } = setup();
    act(() => view.result.current.submit(21));
    await act(async () => answer({ quote: 'q1' }));
    act(() => vi.advanceTimersByTime(INVOICE_SLOW_AFTER_MS * 2));
    expect(view.result.current).toMatchObject({
      invoice: { quote: 'q1' },
      open: true,
      creating: false,
      slow: false,
    });
  });

  it('while offline, Submit says so and asks nothing', () => {
    const { view, create, onCreateError } = setup({ isOffline: () => true });
    act(() => view.result.current.submit(21));
    expect(create).not.toHaveBeenCalled();
    expect(onCreateError).not.toHaveBeenCalled();
    expect(view.result.current).toMatchObject({
      creating: false,
      error: englishText(OFFLINE_SUBMIT),
    });
  });
});
