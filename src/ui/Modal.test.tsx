// @vitest-environment happy-dom
// Modal: labelled dialog that closes on Escape and backdrop, locks scroll, traps and restores focus.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { clickBackdrop, pressAndClick } from '../testing/ui/modal-click';
import { useReturnFocus } from './use-return-focus';

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

/**
 * Like the Wallet's Withdraw: the opener is disabled while the token is built, so it has lost
 * focus when the modal opens.
 */
function SlowPage({ ready }: { ready: Promise<void> }) {
  const [step, setStep] = useState<'idle' | 'busy' | 'shown'>('idle');
  const opener = useReturnFocus();
  return (
    <>
      <button
        disabled={step === 'busy'}
        onClick={(event) => {
          opener.remember(event.currentTarget);
          setStep('busy');
          void ready.then(() => setStep('shown'));
        }}
      >
        Withdraw
      </button>
      <button>Refresh</button>
      <Modal
        open={step === 'shown'}
        onClose={() => setStep('idle')}
        title="Scan to withdraw"
        returnFocusTo={opener.returnFocusTo}
      >
        <p tabIndex={0} data-testid="scrolling-text">
          cashuB…
        </p>
        <button>Copy Token</button>
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

/** Renders the page with a spied onClose and opens the modal. */
function openWithCloseSpy() {
  const onClose = vi.fn();
  render(<Page onClose={onClose} />);
  openModal();
  return onClose;
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
    const onClose = openWithCloseSpy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Copy Token' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click on the backdrop but not on a click inside the dialog', () => {
    const onClose = openWithCloseSpy();
    const dialog = screen.getByRole('dialog');
    pressAndClick(dialog);
    expect(onClose).not.toHaveBeenCalled();

    clickBackdrop();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close when a press starts inside the dialog and ends on the backdrop', () => {
    const onClose = openWithCloseSpy();
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

  it('gives focus back to the opener that was disabled while the modal was being prepared', async () => {
    let finish!: () => void;
    const ready = new Promise<void>((resolve) => (finish = resolve));
    render(<SlowPage ready={ready} />);
    const opener = screen.getByRole('button', { name: 'Withdraw' });
    // Nothing is focused when the modal opens: the opener was disabled meanwhile (browsers then
    // drop its focus) or never took focus from the click (Safari).
    fireEvent.click(opener);
    expect((opener as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(document.body);

    await act(async () => {
      finish();
      await ready;
    });
    expect(screen.getByRole('dialog', { name: 'Scan to withdraw' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('starts focus on the first control, not on a text made focusable for scrolling', async () => {
    render(<SlowPage ready={Promise.resolve()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
      await Promise.resolve();
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy Token' }));
    expect(screen.getByTestId('scrolling-text').tabIndex).toBe(0);
  });
});
