// The one way to raise a toast. react-toastify loads on the first call, so a screen that may raise
// a toast (the keypad) does not put the library on the path to its first paint. The container is
// mounted by the app (ui/toast/toaster.tsx). ESLint allows react-toastify only here and in the container.
import type { ToastOptions } from 'react-toastify';

type ToastKind = 'success' | 'error' | 'info' | 'warning';
type ToastModule = typeof import('react-toastify');

let loaded: ToastModule | null = null;
/** Ids of toasts asked for before the library arrived: they count as shown already. */
const queued = new Set<string>();

function load(): Promise<ToastModule> {
  return import('react-toastify').then((m) => {
    loaded = m;
    return m;
  });
}

function show(kind: ToastKind) {
  return (content: string, options?: ToastOptions): void => {
    // Loaded already: raised in this turn, not after an import() that settles a task later,
    // behind whatever renders in between (a paid sale's toast: docs/performance.md "Taps").
    if (loaded) {
      loaded.toast[kind](content, options);
      return;
    }
    const id = options?.toastId === undefined ? undefined : String(options.toastId);
    if (id !== undefined) queued.add(id);
    // A chunk that fails to download loses the toast only; callers log the failure itself.
    load().then(
      (m) => {
        if (id !== undefined) queued.delete(id);
        m.toast[kind](content, options);
      },
      () => {
        if (id !== undefined) queued.delete(id);
      },
    );
  };
}

/** The subset of react-toastify's `toast` the app uses, each call loading the library first. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** Removes the toast with this id (after one asked for earlier has been shown). */
  dismiss(toastId: string): void {
    load().then(
      (m) => m.toast.dismiss(toastId),
      () => {},
    );
  },
  /** A toast with this id is showing, or was asked for and is on its way. */
  isActive(toastId: string): boolean {
    return queued.has(toastId) || (loaded?.toast.isActive(toastId) ?? false);
  },
};

export type Toast = typeof toast;
