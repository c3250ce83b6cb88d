// The toast container, configured as docs/behaviour.md "Toasts" says, in the toast layer that an
// open modal dialog takes in (ui/toast/toast-layer.ts); toasts are raised through ui/toast/toast.ts, the one
// module that calls react-toastify.
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer, type CloseButtonProps, type ToastContainerProps } from 'react-toastify';
import { createToastLayer, placeToastLayer } from './toast-layer';
import { TOAST_DISMISS } from '../locales/pin/en.json';
import { useTexts } from '../i18n';

/**
 * docs/behaviour.md "Toasts": top-right, 5000 ms, pause on hover and focus loss, touch drag, 80 % drag removal,
 * role alert, light theme. react-toastify 11 defaults already match every one of these (see
 * its `ToastContainer` defaults); they are spelled out so a library upgrade cannot change them.
 * The close button is ours (DismissButton).
 * Also library defaults (not repeated): Alt+T focuses the toasts and Escape resumes them,
 * stacked gap 12, width 320 px, enter 0.5 s / exit 0.3 s animations (bounce transition), and
 * the stylesheet is injected by the component itself.
 *
 * `className` places the container so it never covers the work, the menu button or a balance:
 * below the `lg` breakpoint over the top bar beside the menu button; from `lg` up top right,
 * below the keypad screen's balance (src/index.css, decision 0012).
 */
export const TOASTER_CLASS = 'cashew-toasts';

/**
 * The library's close button (same look) named `Dismiss notification`, not `close`: inside an open
 * dialog, beside the dialog's own `Close`, that would be two buttons of one name.
 */
export function DismissButton({ closeToast, theme }: CloseButtonProps) {
  const t = useTexts();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t(TOAST_DISMISS)}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export const toasterOptions = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: 'touch',
  draggablePercent: 80,
  role: 'alert',
  theme: 'light',
  className: TOASTER_CLASS,
  closeButton: DismissButton,
} as const satisfies ToastContainerProps;

/** Below `lg` the top bar has room for one toast: the others wait their turn rather than stack
 * down over the screen. */
export const NARROW_SCREEN = '(max-width: 1023.98px)';
export const NARROW_TOAST_LIMIT = 1;

function subscribeNarrow(onChange: () => void) {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW_SCREEN).matches;

export function Toaster() {
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  // One element for the container's life: moving it between the page and dialogs keeps the
  // toasts, where rendering the container elsewhere would mount a new, empty one.
  const [layer] = useState(() => createToastLayer(document));
  useLayoutEffect(() => {
    document.body.append(layer);
    placeToastLayer(document);
    return () => layer.remove();
  }, [layer]);
  return createPortal(
    <ToastContainer {...toasterOptions} limit={narrow ? NARROW_TOAST_LIMIT : undefined} />,
    layer,
  );
}
