// Runs a function once the browser is idle after the component mounted (at most `timeoutMs`
// later), for work a screen wants done before the merchant's next tap but not before its paint.
import { useEffect } from 'react';

export function useWhenIdle(run: () => unknown, timeoutMs = 2000): void {
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => void run(), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => void run(), 200);
    return () => clearTimeout(timer);
  }, [run, timeoutMs]);
}
