// What a screen reads when it opens: read again whenever `read` changes (memoise it on what it
// reads), its answer or failure handed on only while the screen still shows it. null reads nothing.
import { useEffect, useRef } from 'react';

export function useRead<T>(
  read: (() => Promise<T>) | null,
  onRead: (value: T) => void,
  onFailed: (error: unknown) => void,
): void {
  // The latest handlers, so a screen's new closures do not read again.
  const handlers = useRef({ onRead, onFailed });
  useEffect(() => {
    handlers.current = { onRead, onFailed };
  });
  useEffect(() => {
    if (!read) return;
    let live = true;
    read().then(
      (value) => {
        if (live) handlers.current.onRead(value);
      },
      (error: unknown) => {
        if (live) handlers.current.onFailed(error);
      },
    );
    return () => {
      live = false;
    };
  }, [read]);
}
