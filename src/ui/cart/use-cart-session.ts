// A cart session (core/items/cart-session.ts) in a screen: its state as React state, read on
// mount, and its last change written before the page goes away or the screen closes.
import { useEffect, useSyncExternalStore } from 'react';

export interface CartSessionLike<S> {
  subscribe: (listener: () => void) => () => void;
  snapshot: () => S;
  load: () => Promise<void>;
  save: () => Promise<void>;
}

export function useCartSession<S>(session: CartSessionLike<S>): S {
  const state = useSyncExternalStore(session.subscribe, session.snapshot);
  useEffect(() => {
    void session.load();
    const save = () => void session.save();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
      save();
    };
  }, [session]);
  return state;
}
