// The toast container, configured as docs/behaviour.md "Toasts" says; toasts are raised through
// ui/toast.ts, the one module that calls react-toastify.
import { ToastContainer, type ToastContainerProps } from 'react-toastify';

/**
 * docs/behaviour.md "Toasts": top-right, 5000 ms, pause on hover and focus loss, touch drag, 80 % drag removal,
 * role alert, light theme. react-toastify 11 defaults already match every one of these (see
 * its `ToastContainer` defaults); they are spelled out so a library upgrade cannot change them.
 * Also library defaults (not repeated): Alt+T focuses the toasts and Escape resumes them,
 * stacked gap 12, width 320 px, enter 0.5 s / exit 0.3 s animations (bounce transition), and
 * the stylesheet is injected by the component itself.
 *
 * `className` places the container so it never covers the menu button or a balance: below the
 * `lg` breakpoint (top bar with the menu button, balance near the top of each screen) at the
 * bottom of the screen; from `lg` up top right, below the keypad screen's balance (src/index.css).
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

export function Toaster() {
  return <ToastContainer {...toasterOptions} />;
}
