// Remembers the control that started a modal, for Modal's returnFocusTo.
import { useCallback, useRef } from 'react';

/**
 * `remember()` at the user's action (a click or key on the opener) keeps the focused element;
 * `returnFocusTo` hands it to Modal on close. Needed where the modal opens after async work
 * during which the opener was disabled and so lost focus.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((element?: Element | null) => {
    const focused = element ?? document.activeElement;
    opener.current = focused instanceof HTMLElement ? focused : null;
  }, []);
  const returnFocusTo = useCallback(() => opener.current, []);
  return { remember, returnFocusTo };
}
