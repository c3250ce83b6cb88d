// @vitest-environment happy-dom
// WithdrawModal: the title and buttons of docs/behaviour.md "Withdraw", animated QR of the token,
// copy, Escape/backdrop close.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithdrawModal } from './WithdrawModal';
import { clickBackdrop } from '../../testing/ui/modal-click';

afterEach(cleanup);

const TOKEN = 'cashuB' + 'o2FteBtodHRwczovL21pbnQuZXhhbXBsZS5jb20'.repeat(20);

function setup(token: string | null = TOKEN, notice?: string) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  const onCopyError = vi.fn();
  render(
    <WithdrawModal
      token={token}
      amount={64}
      onClose={onClose}
      onCopyError={onCopyError}
      notice={notice}
    />,
  );
  return { user, onClose, onCopyError };
}

describe('WithdrawModal', () => {
  it('is closed while the token is null', () => {
    setup(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the title, amount, a 240 px animated UR QR of the token and both buttons', async () => {
    setup(TOKEN, 'Fee: 1 sat');
    const dialog = within(screen.getByRole('dialog', { name: 'Scan to withdraw' }));
    expect(dialog.getByText('64 sats')).toBeTruthy();
    expect(dialog.getByText('Fee: 1 sat')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Copy Token' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
    // The QR encoder is its own chunk: on a busy machine its import outlasts the default second.
    const qr = await dialog.findByRole(
      'img',
      { name: 'Withdraw token QR code' },
      { timeout: 10_000 },
    );
    expect(qr.getAttribute('width')).toBe('240');
    expect(dialog.getByTestId('animated-qr').getAttribute('data-part')).toMatch(/^ur:bytes\//);
  });

  it('copies the token and confirms with Copied', async () => {
    const { user, onCopyError } = setup();
    await user.click(screen.getByRole('button', { name: 'Copy Token' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(onCopyError).not.toHaveBeenCalled();
  });

  it('shows Copied on the token label line, not in a band under the buttons', async () => {
    const { user } = setup();
    const label = screen.getByText('Ecash Token:');
    const status = screen.getByRole('status');
    // Same line as the label, and nothing follows the buttons.
    expect(status.parentElement).toBe(label.parentElement);
    const buttons = screen.getByRole('button', { name: 'Copy Token' }).parentElement!;
    expect(buttons.nextElementSibling).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy Token' }));
    expect(within(status).getByText('Copied')).toBeTruthy();
  });

  it('reports a clipboard failure only through onCopyError', async () => {
    const { user, onCopyError } = setup();
    const failure = new Error('denied');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(failure);
    await user.click(screen.getByRole('button', { name: 'Copy Token' }));
    await waitFor(() => expect(onCopyError).toHaveBeenCalledExactlyOnceWith(failure));
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('closes on Escape, on Close and on a backdrop click', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    clickBackdrop();
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
