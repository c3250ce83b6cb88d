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
    expect(toasterOptions).toEqual({
      position: 'top-right',
      autoClose: 5000,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: 'touch',
      draggablePercent: 80,
      role: 'alert',
      theme: 'light',
      className: 'cashew-toasts',
    });
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
  afterEach(() => {
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width: 1024,
      height: 768,
    });
  });

  it('shows one toast at a time below lg, holding the next back', async () => {
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width: 390,
      height: 844,
    });
    render(<Toaster />);
    act(() => {
      toast.success('First');
      toast.success('Second');
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('First');
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('stacks toasts from lg up', async () => {
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width: 1280,
      height: 800,
    });
    render(<Toaster />);
    act(() => {
      toast.success('One');
      toast.success('Two');
    });
    expect((await screen.findAllByRole('alert')).length).toBe(2);
  });
});
