// @vitest-environment happy-dom
// Toaster: the settings of docs/behaviour.md "Toasts", a toast shows up as an alert with its text,
// and it stays in reach inside an open modal dialog.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../Modal';
import { toast } from './toast';
import { DismissButton, Toaster, toasterOptions } from './toaster';

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
      ['closeButton', DismissButton],
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

  it('once the library is loaded, shows a toast in the turn it is raised', async () => {
    render(<Toaster />);
    act(() => toast.info('Loading the library.'));
    await screen.findByText('Loading the library.');
    // No import() to wait for now: rendered by the time the raising turn's updates are flushed.
    act(() => toast.success('Payment received!', { toastId: 'paid-now' }));
    expect(screen.getByText('Payment received!')).toBeTruthy();
    expect(toast.isActive('paid-now')).toBe(true);
  });
});

describe('Toaster with a modal dialog open', () => {
  function PageWithDialog() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Withdraw</button>
        <Modal open={open} onClose={() => setOpen(false)} title="Scan to withdraw">
          <button onClick={() => setOpen(false)}>Close</button>
        </Modal>
        <Toaster />
      </>
    );
  }

  it('shows a toast raised before and one raised while the dialog is open inside it, each one dismissable', async () => {
    render(<PageWithDialog />);
    act(() => toast.success('Settings saved.', { toastId: 'saved' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Scan to withdraw' }));
    expect(dialog.getByRole('alert').textContent).toContain('Settings saved.');
    act(() => toast.error('Could not cancel the token.'));
    await waitFor(() => expect(dialog.getAllByRole('alert')).toHaveLength(2));
    // The dialog's own Close stays the only button of that name.
    expect(dialog.getAllByRole('button', { name: /close/i })).toHaveLength(1);

    fireEvent.click(dialog.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    // Closed at once; happy-dom runs no exit animation, so the element itself stays.
    await waitFor(() => expect(toast.isActive('saved')).toBe(false));
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain(
      'Could not cancel the token.',
    );
    expect(screen.getAllByRole('alert').at(-1)?.closest('dialog')).toBeNull();
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
