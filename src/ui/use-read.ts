// What a screen reads when it opens, and again on each change it watches or makes itself: read
// again whenever `read` changes (memoise it on what it reads), its answer or failure handed on only
// while the screen still shows it. null reads nothing.
import { useCallback, useEffect, useRef } from 'react';

export function useRead<T>(
  read: (() => Promise<T>) | null,
  onRead: (value: T) => void,
  onFailed: (error: unknown) => void,
): void {
  useWatchedRead(read, UNWATCHED, onRead, onFailed);
}

const UNWATCHED = () => () => {};

/**
 * The same, read again on every change `watch` announces (it returns how to stop): reads may end
 * out of order, so only the newest one's answer or failure is handed on. Memoise `watch` too.
 * Returns how to read again after a change the screen made itself.
 */
export function useWatchedRead<T>(
  read: (() => Promise<T>) | null,
  watch: (changed: () => void) => () => void,
  onRead: (value: T) => void,
  onFailed: (error: unknown) => void,
): () => void {
  // The latest handlers, so a screen's new closures do not read again.
  const handlers = useRef({ onRead, onFailed });
  const again = useRef(NOTHING);
  useEffect(() => {
    handlers.current = { onRead, onFailed };
  });
  useEffect(() => {
    if (!read) return;
    let live = true;
    let latest = 0;
    const load = () => {
      const ticket = ++latest;
      const current = () => live && ticket === latest;
      read().then(
        (value) => current() && handlers.current.onRead(value),
        (error: unknown) => current() && handlers.current.onFailed(error),
      );
    };
    load();
    again.current = load;
    const stop = watch(load);
    return () => {
      live = false;
      again.current = NOTHING;
      stop();
    };
  }, [read, watch]);
  return useCallback(() => again.current(), []);
}

const NOTHING = () => {};

/**
 * The same, read again each time the screen calls what this returns (after a change it made
 * itself: a staff member added, a shift closed); only the newest read's answer is handed on.
 */
export function useReadAgain<T>(
  read: (() => Promise<T>) | null,
  onRead: (value: T) => void,
  onFailed: (error: unknown) => void,
): () => void {
  return useWatchedRead(read, UNWATCHED, onRead, onFailed);
}
