// @vitest-environment happy-dom
// Toaster: the settings of docs/behaviour.md "Toasts", and a toast shows up as an alert with its
// text.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';
import { Toaster, toasterOptions } from './toaster';

afterEach(cleanup);

describe('Toaster', () => {
  it('uses the documented toast settings', () => {
    // Every documented setting, and no other: a Map compares entries in any order.
    const documented = new Map<string, unknown>([
      ['position', 'top-right'],
      ['autoClose', 5000],
      ['pauseOnHover', true],
      ['pauseOnFocusLoss', true],
      ['draggable', 'touch'],
      ['draggablePercent', 80],
      ['role', 'alert'],
      ['theme', 'light'],
      ['className', 'cashew-toasts'],
    ]);
    expect(new Map(Object.entries(toasterOptions))).toEqual(documented);
  });

  it('shows a toast as an alert in the top-right container', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Settings saved. New mint and relays will be used going forward.');
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Settings saved. New mint and relays will be used going forward.',
    );
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(alert.className).toContain('Toastify__toast-theme--light');
  });
});

describe('Toaster on a phone', () => {
  function setViewport(width: number, height: number) {
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width,
      height,
    });
  }

  afterEach(() => setViewport(1024, 768));

  function raiseTwo(first: string, second: string) {
    render(<Toaster />);
    act(() => {
      toast.success(first);
      toast.success(second);
    });
  }

  it('shows one toast at a time below lg, holding the next back', async () => {
    setViewport(390, 844);
    raiseTwo('First', 'Second');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('First');
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('stacks toasts from lg up', async () => {
    setViewport(1280, 800);
    raiseTwo('One', 'Two');
    expect((await screen.findAllByRole('alert')).length).toBe(2);
  });
});
