// @vitest-environment happy-dom
// Modal: a labelled native dialog, opened modal, that closes on Escape and backdrop, locks scroll,
// restores focus, stacks, and takes the toasts in while it is on top.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { clickBackdrop, pressAndClick, topDialog } from '../testing/ui/modal-click';
import { createToastLayer } from './toast/toast-layer';
import { useReturnFocus } from './use-return-focus';

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
  vi.restoreAllMocks();
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

/** A dialog whose action asks for the PIN in a second dialog over it, like a guarded action. */
function Stacked() {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Withdraw</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Scan to withdraw">
        <button onClick={() => setAsking(true)}>Confirm</button>
      </Modal>
      <Modal open={asking} onClose={() => setAsking(false)} title="Enter the PIN">
        <button>Unlock</button>
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

  it('closes once when the browser closes it without a cancel it may refuse (Escape again)', () => {
    const onClose = openWithCloseSpy();
    const dialog = topDialog();
    // What Chromium does for an Escape with no click or key since the last one.
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: false }));
      dialog.close();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click on the backdrop but not on a click inside the dialog', () => {
    const onClose = openWithCloseSpy();
    pressAndClick(screen.getByText('Token for 21 sats'));
    pressAndClick(screen.getByRole('heading', { name: 'Scan to withdraw' }));
    expect(onClose).not.toHaveBeenCalled();

    clickBackdrop();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close when a press starts inside the dialog and ends on the backdrop', () => {
    const onClose = openWithCloseSpy();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Copy Token' }));
    fireEvent.click(topDialog());
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

  it('opens as a modal dialog, so the browser keeps focus inside and the page behind inert', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Page />);
    openModal();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect((dialog as HTMLDialogElement).open).toBe(true);
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

  it('stacks: Escape closes the one on top only, and focus goes back into the one below', () => {
    render(<Stacked />);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unlock' }));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Enter the PIN' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Scan to withdraw' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
  });

  it('takes the toasts in while it is on top, and gives them back as it closes', () => {
    const layer = createToastLayer(document);
    document.body.append(layer);
    try {
      render(<Stacked />);
      openModal();
      const withdraw = screen.getByRole('dialog', { name: 'Scan to withdraw' });
      expect(layer.parentElement).toBe(withdraw);
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(layer.parentElement).toBe(screen.getByRole('dialog', { name: 'Enter the PIN' }));
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(layer.parentElement).toBe(withdraw);
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(layer.parentElement).toBe(document.body);
      expect(layer.isConnected).toBe(true);
    } finally {
      layer.remove();
    }
  });

  it('keeps Escape from the page behind: the keypad would clear on it', () => {
    const pageKeys = vi.fn();
    window.addEventListener('keydown', pageKeys);
    try {
      const onClose = openWithCloseSpy();
      fireEvent.keyDown(screen.getByRole('button', { name: 'Copy Token' }), { key: 'Escape' });
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(pageKeys).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('keydown', pageKeys);
    }
  });
});
