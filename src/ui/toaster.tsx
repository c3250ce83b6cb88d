// The toast container, configured as docs/behaviour.md "Toasts" says; toasts are raised through
// ui/toast.ts, the one module that calls react-toastify.
import { useSyncExternalStore } from 'react';
import { ToastContainer, type ToastContainerProps } from 'react-toastify';

/**
 * docs/behaviour.md "Toasts": top-right, 5000 ms, pause on hover and focus loss, touch drag, 80 % drag removal,
 * role alert, light theme. react-toastify 11 defaults already match every one of these (see
 * its `ToastContainer` defaults); they are spelled out so a library upgrade cannot change them.
 * Also library defaults (not repeated): Alt+T focuses the toasts and Escape resumes them,
 * stacked gap 12, width 320 px, enter 0.5 s / exit 0.3 s animations (bounce transition), and
 * the stylesheet is injected by the component itself.
 *
 * `className` places the container so it never covers the work, the menu button or a balance:
 * below the `lg` breakpoint over the top bar beside the menu button; from `lg` up top right,
 * below the keypad screen's balance (src/index.css, decision 0012).
 */
export const TOASTER_CLASS = 'cashew-toasts';

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
  return <ToastContainer {...toasterOptions} limit={narrow ? NARROW_TOAST_LIMIT : undefined} />;
}
