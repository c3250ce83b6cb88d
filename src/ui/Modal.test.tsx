// @vitest-environment happy-dom
// Modal: labelled dialog that closes on Escape and backdrop, locks scroll, traps and restores focus.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { clickBackdrop, pressAndClick } from './modal-test-support';

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

/** A page with an opener button, like the Wallet's Withdraw. */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Withdraw</button>
      <Modal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Scan to withdraw"
        description="Token for 21 sats"
      >
        <button>Copy Token</button>
        <button onClick={() => setOpen(false)}>Close</button>
      </Modal>
    </>
  );
}

function openModal() {
  const opener = screen.getByRole('button', { name: 'Withdraw' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title and described by its description', () => {
    render(<Page />);
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Scan to withdraw' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
      'Token for 21 sats',
    );
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    openModal();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Copy Token' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click on the backdrop but not on a click inside the dialog', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    openModal();
    const dialog = screen.getByRole('dialog');
    pressAndClick(dialog);
    expect(onClose).not.toHaveBeenCalled();

    clickBackdrop();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close when a press starts inside the dialog and ends on the backdrop', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    openModal();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Copy Token' }));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks page scrolling while open and restores the previous value after', () => {
    document.body.style.overflow = 'scroll';
    render(<Page />);
    openModal();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('moves focus into the dialog and gives it back to the opener on close', () => {
    render(<Page />);
    const opener = openModal();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy Token' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Page />);
    openModal();
    const first = screen.getByRole('button', { name: 'Copy Token' });
    const last = screen.getByRole('button', { name: 'Close' });

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);

    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
