// @vitest-environment happy-dom
// InvoiceModal: the texts of docs/behaviour.md "Point of sale" verbatim, copy success/failure,
// Escape/backdrop/Close, scroll lock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceModal, InvoiceModalRehearsal } from './InvoiceModal';
import { clickBackdrop } from '../../testing/ui/modal-click';

afterEach(cleanup);

const INVOICE = 'lnbc21u1pjexampleinvoicexyz0123456789qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function setup(invoice: string | null = INVOICE) {
  const user = userEvent.setup(); // installs a working clipboard stub on navigator
  const onClose = vi.fn();
  const onCopyError = vi.fn();
  const view = render(
    <InvoiceModal invoice={invoice} amount={2100} onClose={onClose} onCopyError={onCopyError} />,
  );
  return { user, onClose, onCopyError, view };
}

describe('InvoiceModal', () => {
  it('renders nothing while the invoice is null', () => {
    setup(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the documented texts, the amount, the QR code of the invoice and the invoice string', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Please pay this invoice' });
    const inDialog = within(dialog);
    expect(
      inDialog.getByText('Scan the QR code with your Lightning wallet or copy the invoice string'),
    ).toBeTruthy();
    expect(inDialog.getByText('Invoice String:')).toBeTruthy();
    expect(inDialog.getByText(INVOICE)).toBeTruthy();
    expect(inDialog.getByText('2,100 sats')).toBeTruthy();
    const qr = inDialog.getByRole('img', { name: 'Invoice QR code' });
    expect(qr.getAttribute('width')).toBe('256');
    expect(qr.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe(INVOICE);
    expect(inDialog.getByRole('button', { name: 'Copy Invoice' })).toBeTruthy();
    expect(inDialog.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('copies the invoice to the clipboard and confirms with Copied', async () => {
    const { user, onCopyError } = setup();
    expect(screen.queryByText('Copied')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy Invoice' }));
    expect(await navigator.clipboard.readText()).toBe(INVOICE);
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(onCopyError).not.toHaveBeenCalled();
  });

  it('reports a clipboard failure only through onCopyError, showing nothing', async () => {
    const { user, onCopyError } = setup();
    const failure = new Error('denied');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(failure);
    await user.click(screen.getByRole('button', { name: 'Copy Invoice' }));
    expect(onCopyError).toHaveBeenCalledExactlyOnceWith(failure);
    expect(screen.queryByText('Copied')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not show Copied for a new invoice after copying the previous one', async () => {
    const { user, onClose, onCopyError, view } = setup();
    await user.click(screen.getByRole('button', { name: 'Copy Invoice' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    view.rerender(
      <InvoiceModal invoice="lnbc1other" amount={1} onClose={onClose} onCopyError={onCopyError} />,
    );
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('closes on Escape', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on the Close button and on a backdrop click, not on a click inside', async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByText('Invoice String:'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    clickBackdrop();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('locks page scrolling while open and restores it when closed', () => {
    const { view, onClose } = setup();
    expect(document.body.style.overflow).toBe('hidden');
    view.rerender(<InvoiceModal invoice={null} onClose={onClose} />);
    expect(document.body.style.overflow).toBe('');
  });

  it('with an ecash request, switches the QR code and copy buttons between Lightning and Ecash', async () => {
    const user = userEvent.setup();
    const ecash = { creqA: 'creqAexample', creqB: 'CREQB1EXAMPLE' };
    render(<InvoiceModal invoice={INVOICE} amount={21} onClose={vi.fn()} ecash={ecash} />);
    const dialog = within(screen.getByRole('dialog'));
    // Lightning first, as without a request
    expect(dialog.getByText(INVOICE)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Lightning' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(dialog.getByRole('button', { name: 'Ecash' }));
    const qr = dialog.getByRole('img', { name: 'Ecash payment request QR code' });
    expect(qr.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe('creqAexample');
    expect(dialog.getByTestId('ecash-request-string').textContent).toBe('creqAexample');
    expect(dialog.queryByText(INVOICE)).toBeNull();
    // The Ecash side asks for a Cashu wallet, not a Lightning one.
    expect(
      dialog.getByText('Scan the QR code with a Cashu wallet or copy the ecash request'),
    ).toBeTruthy();
    expect(dialog.queryByText(/Lightning wallet/)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Copy Ecash Request' }));
    expect(await navigator.clipboard.readText()).toBe('creqAexample');
    await user.click(dialog.getByRole('button', { name: 'Copy as CREQB' }));
    expect(await navigator.clipboard.readText()).toBe('CREQB1EXAMPLE');

    await user.click(dialog.getByRole('button', { name: 'Lightning' }));
    expect(dialog.getByText(INVOICE)).toBeTruthy();
  });
});

describe('InvoiceModal while the mint does not answer', () => {
  it('says in place of "Please pay" that the payment is being checked, the invoice still shown', () => {
    const { view } = setup();
    view.rerender(
      <InvoiceModal invoice={INVOICE} amount={2100} onClose={vi.fn()} status="checking" />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Checking the payment' });
    expect(within(dialog).getByTestId('invoice-status').textContent).toBe(
      'The mint cannot be reached, so this payment cannot be checked now. If the customer has paid, the sale lands here as soon as the mint answers.',
    );
    expect(within(dialog).queryByText('Please pay this invoice')).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'Invoice QR code' })).toBeTruthy();
  });

  it('says a paid invoice lands when the mint answers, with no QR code left to pay', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<InvoiceModal invoice={INVOICE} amount={2100} onClose={onClose} status="paid" />);
    const dialog = screen.getByRole('dialog', { name: 'Paid, waiting for the mint' });
    expect(within(dialog).getByTestId('invoice-status').textContent).toContain(
      'The customer has paid.',
    );
    expect(within(dialog).queryByRole('img', { name: 'Invoice QR code' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Copy Invoice' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('goes back to the documented texts once the mint answers', () => {
    const { view } = setup();
    view.rerender(
      <InvoiceModal invoice={INVOICE} amount={2100} onClose={vi.fn()} status="checking" />,
    );
    view.rerender(<InvoiceModal invoice={INVOICE} amount={2100} onClose={vi.fn()} status={null} />);
    const dialog = screen.getByRole('dialog', { name: 'Please pay this invoice' });
    expect(within(dialog).queryByTestId('invoice-status')).toBeNull();
    expect(
      within(dialog).getByText(
        'Scan the QR code with your Lightning wallet or copy the invoice string',
      ),
    ).toBeTruthy();
  });
});

describe('InvoiceModalRehearsal', () => {
  it('lays the content out unseen, opens nothing, takes no focus, and leaves after a frame', async () => {
    const onDone = vi.fn();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    render(<InvoiceModalRehearsal onDone={onDone} />);
    const rehearsal = document.querySelector<HTMLElement>('[data-modal-rehearsal]');
    expect(rehearsal).not.toBeNull();
    // The content a first invoice shows: its title, QR code and copy buttons.
    expect(rehearsal!.textContent).toContain('Please pay this invoice');
    expect(rehearsal!.querySelector('svg path')).not.toBeNull();
    expect(within(rehearsal!).getAllByRole('button', { hidden: true })).toHaveLength(2);
    // Hidden from people, pointers and assistive technology; no dialog, focus stays put.
    expect(rehearsal!.getAttribute('aria-hidden')).toBe('true');
    expect(rehearsal!.hasAttribute('inert')).toBe(true);
    expect(rehearsal!.style.visibility).toBe('hidden');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    opener.remove();
  });
});
