// One async read per key (and version) for a dialog: loading, failed or ready, never a stale
// answer for another key.
import { useEffect, useState } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/**
 * Reads `load(key)` whenever the key or `version` changes; undefined or a rejection is 'failed'
 * (`onError` hears the rejection). `load` and `onError` must be stable.
 */
export function useLoaded<K, T>(
  key: K | null,
  load: (key: K) => Promise<T | undefined>,
  onError: (error: unknown) => void,
  version = 0,
): Loaded<T> {
  // Each result remembers what it was read for: another key or version reads as loading.
  const [read, setRead] = useState<{ key: K | null; version: number; state: Loaded<T> }>({
    key: null,
    version,
    state: { status: 'loading' },
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const done = (state: Loaded<T>) => {
      if (live) setRead({ key, version, state });
    };
    load(key).then(
      (value) => done(value === undefined ? { status: 'failed' } : { status: 'ready', value }),
      (error: unknown) => {
        onError(error);
        done({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [key, load, onError, version]);
  return read.key === key && read.version === version ? read.state : { status: 'loading' };
}
