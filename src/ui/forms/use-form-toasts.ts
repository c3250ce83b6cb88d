// A form's error and success toasts, so an error it raised does not stay beside its success.
import { useCallback, useId, useMemo, useRef } from 'react';
import { toast } from '../toast/toast';

/**
 * `error` replaces the form's previous error toast; `success` removes it first. Other toasts (a
 * payment arriving meanwhile) are left alone.
 */
export function useFormToasts() {
  const formId = useId();
  const count = useRef(0);
  const lastError = useRef<string | null>(null);

  const clearError = useCallback(() => {
    if (lastError.current !== null) toast.dismiss(lastError.current);
    lastError.current = null;
  }, []);

  return useMemo(
    () => ({
      error(message: string) {
        clearError();
        count.current += 1;
        const toastId = `${formId}-error-${count.current}`;
        lastError.current = toastId;
        toast.error(message, { toastId });
      },
      success(message: string) {
        clearError();
        toast.success(message);
      },
      clearError,
    }),
    [formId, clearError],
  );
}
