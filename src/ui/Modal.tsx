// Modal dialog primitive: a native <dialog> opened with showModal(), which puts it on top, makes the
// page behind inert, keeps focus inside and turns Escape into its `cancel`; this adds the backdrop
// click, the scroll lock, where focus starts and returns, and the toasts inside it (decision 0054).
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { afterNextPaint } from './after-paint';
import { placeToastLayer } from './toast/toast-layer';

export interface ModalProps {
  open: boolean;
  /**
   * Called on Escape, on a backdrop click, and by whatever close button the caller renders; it
   * closes the modal (sets `open` false).
   */
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
  /** `alertdialog`: a question about an action the merchant cannot take back. */
  role?: 'alertdialog';
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const controlSelector = 'a[href], button, input, select, textarea';

/**
 * Where focus starts: the first control. showModal() would focus the first focusable element,
 * which may be a scrollable text made focusable (a token), and that is no action.
 */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.closest('[inert], [aria-hidden="true"]'),
  );
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

export function Modal(props: ModalProps) {
  // Mounted only while open: it opens as it mounts, so open dialogs are in the body in the order
  // they opened (ui/toast/toast-layer.ts relies on it).
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  className,
  returnFocusTo,
  role,
}: ModalProps) {
  const ids = { title: useId(), description: useId() };
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The element focused as the modal opened, read once before showModal() moves focus.
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  // A press that starts inside the dialog and ends on the backdrop (text selection) must not close.
  const pressStartedOnBackdrop = useRef(false);
  // Latest callbacks without re-running the open/close effects when the parent re-renders.
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  }, [onClose, returnFocusTo]);

  // Before paint, so the dialog never shows closed; the cleanup runs while it is still in the page.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const doc = dialog.ownerDocument;
    if (opener.current === undefined) {
      opener.current = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    }
    if (!dialog.open) dialog.showModal();
    initialFocus(dialog).focus();
    // The page behind stays scrollable under a modal dialog (wheel, touch); it must not move.
    const previousOverflow = doc.body.style.overflow;
    doc.body.style.overflow = 'hidden';
    placeToastLayer(doc);
    // Inertness stops no key: Escape would also reach the page's own shortcuts (the keypad clears
    // on it, and cancelling it there would keep the dialog open). It still closes the dialog: that
    // is the browser's default action, which stopping propagation does not prevent.
    const shieldEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.stopPropagation();
    };
    doc.addEventListener('keydown', shieldEscape);
    return () => {
      doc.removeEventListener('keydown', shieldEscape);
      doc.body.style.overflow = previousOverflow;
      placeToastLayer(doc, dialog);
    };
  }, []);

  useEffect(
    () => () => {
      // Runs after the commit that closed the dialog, so the opener is enabled again by then.
      const target = returnFocusRef.current?.();
      if (canTakeFocus(target)) target.focus();
      else if (canTakeFocus(opener.current)) opener.current.focus();
      else screenHeading()?.focus();
    },
    [],
  );

  // Escape: the parent closes it, so the dialog stays in step with `open`. A `cancel` that cannot
  // be cancelled (Chromium, for an Escape pressed again with no click or key in between) is
  // followed by the browser closing the dialog, and its `close` tells the parent.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!event.cancelable) return;
    event.preventDefault();
    onClose();
  };
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  // A click on the ::backdrop targets the dialog itself; its content fills the dialog box, so a
  // click inside always targets something within it.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      role={role}
      aria-modal="true"
      aria-labelledby={ids.title}
      aria-describedby={description ? ids.description : undefined}
      onCancel={onCancel}
      onClose={onClose}
      onMouseDown={onMouseDown}
      onClick={onClick}
      className={frameClass(className)}
    >
      <ModalBody ids={ids} title={title} description={description}>
        {children}
      </ModalBody>
    </dialog>,
    document.body,
  );
}

const frameClass = (className: string | undefined) =>
  [
    'm-auto max-h-none w-[calc(100%-2rem)] max-w-md overflow-visible rounded-2xl bg-white p-0 shadow-xl outline-none backdrop:bg-slate-900/60',
    className,
  ]
    .filter(Boolean)
    .join(' ');

function ModalBody({
  ids,
  title,
  description,
  children,
}: Pick<ModalProps, 'title' | 'description' | 'children'> & {
  ids?: { title: string; description: string };
}) {
  return (
    <div className="max-h-[calc(100vh-2rem)] overflow-y-auto rounded-2xl p-6">
      <h2 id={ids?.title} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? (
        <p id={ids?.description} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** Laid out, never painted, never seen by assistive technology or a pointer. */
const REHEARSAL_STYLE: CSSProperties = {
  position: 'fixed',
  inset: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
  zIndex: -1,
};

/**
 * A modal's content rendered once where nobody sees it, laid out in one frame and removed after
 * it (`onDone`). A screen that will open a modal renders this at idle, so the first opening does
 * not pay the first style recalculation and layout of that content (its classes, its fonts' first
 * text runs): traced at 4x, the first invoice's `showModal` took several times a later one's
 * (docs/performance.md "Taps"). No dialog: nothing opens, takes focus or turns the page inert.
 */
export function ModalRehearsal({
  title,
  description,
  children,
  className,
  onDone,
}: Pick<ModalProps, 'title' | 'description' | 'children' | 'className'> & { onDone: () => void }) {
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);
  useEffect(() => {
    let live = true;
    afterNextPaint(() => {
      if (live) onDoneRef.current();
    });
    return () => {
      live = false;
    };
  }, []);
  return createPortal(
    <div aria-hidden="true" inert style={REHEARSAL_STYLE} data-modal-rehearsal="">
      <div className={frameClass(className)}>
        <ModalBody title={title} description={description}>
          {children}
        </ModalBody>
      </div>
    </div>,
    document.body,
  );
}
