// Clipboard copy with a brief "copied" flag; failures go only to the caller (a failed
// copy is logged, never shown: docs/behaviour.md "Point of sale").
import { useCallback, useEffect, useRef, useState } from 'react';

export const COPIED_FLASH_MS = 2000;

export interface CopyState {
  /** The text copied within the last COPIED_FLASH_MS, so a changed value never looks copied. */
  copiedText: string | null;
  copy: (text: string) => Promise<void>;
}

export function useCopyToClipboard(onError?: (error: unknown) => void): CopyState {
  const [copiedText, setCopiedText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      // navigator.clipboard is undefined outside secure contexts; that lands in catch too.
      await navigator.clipboard.writeText(text);
    } catch (error) {
      setCopiedText(null);
      onErrorRef.current?.(error);
      return;
    }
    setCopiedText(text);
    timer.current = setTimeout(() => setCopiedText(null), COPIED_FLASH_MS);
  }, []);

  return { copiedText, copy };
}
