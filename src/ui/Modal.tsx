// Modal dialog primitive: labelled dialog, Escape/backdrop close, scroll lock, focus trap + restore.
import {
  useEffect,
  useId,
  useRef,
  type ReactNode,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on a backdrop click, and by whatever close button the caller renders. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Optional description under the title; it becomes the dialog's accessible description. */
  description?: ReactNode;
  className?: string;
  /**
   * The control focus goes back to on close, asked at that moment. For a modal that opens after
   * async work: the control that started it was disabled meanwhile and lost focus, so the element
   * focused at opening is not it. Without it (or when it gives nothing), the element focused when
   * the modal opened gets focus back.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

const controlSelector = 'a[href], button, input, select, textarea';

/** Where focus starts: the first control (a scrollable text made focusable is no action). */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const focusable = focusableIn(dialog);
  return focusable.find((element) => element.matches(controlSelector)) ?? focusable[0] ?? dialog;
}

/**
 * Where focus goes when the opener cannot take it back (e.g. Withdraw, disabled once everything
 * is in a pending token): the screen's heading, not the page's start.
 */
function screenHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

function canTakeFocus(element: HTMLElement | null | undefined): element is HTMLElement {
  return (
    element !== null &&
    element !== undefined &&
    element !== element.ownerDocument.body &&
    element.isConnected &&
    !element.matches(':disabled')
  );
}

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  className,
  returnFocusTo,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // A press that starts inside the dialog and ends on the backdrop (text selection) must not close.
  const pressStartedOnBackdrop = useRef(false);
  // Latest onClose without re-running the open/close effect when the parent re-renders.
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  }, [onClose, returnFocusTo]);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const dialog = dialogRef.current;
    if (dialog) initialFocus(dialog).focus();

    // Escape is handled on the document so it works wherever focus is (e.g. after a click on text).
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);

    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      document.body.style.overflow = previousOverflow;
      // Runs after the commit that closed the dialog, so the opener is enabled again by then.
      const target = returnFocusRef.current?.();
      if (canTakeFocus(target)) target.focus();
      else if (canTakeFocus(previouslyFocused)) previouslyFocused.focus();
      else screenHeading()?.focus();
    };
  }, [open]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return createPortal(
    <div
      data-testid="modal-backdrop"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
        className={[
          'max-h-[calc(100vh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none',
          className,
        ]
          .filter(Boolean)
          .join(' ')}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
