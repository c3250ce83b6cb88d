// Toast calls that load react-toastify on first use: a screen that may raise a toast (the keypad)
// does not put the library on the path to its first paint. The container is mounted by the app.
import type { ToastOptions } from 'react-toastify';

type ToastKind = 'success' | 'error' | 'info' | 'warning';

function show(kind: ToastKind) {
  return (content: string, options?: ToastOptions): void => {
    // A chunk that fails to download loses the toast only; callers log the failure itself.
    import('react-toastify').then(
      (m) => m.toast[kind](content, options),
      () => {},
    );
  };
}

/** The subset of react-toastify's `toast` the screens use, each call loading the library first. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
