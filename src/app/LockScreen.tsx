// The lock screen (docs/behaviour.md "Merchant PIN"): with a PIN set, the main screens stay
// covered until it is entered once after start. Payments wait meanwhile: the services that need the
// seed or the Nostr key read them through the till lock, which holds them until unlock. Every
// interaction afterwards keeps the PIN gate open (core/lock/till-lock.ts `touch`).
import { useEffect, useState } from 'react';
import type { TillLock, LockState } from '../core/lock';
import { PinPrompt } from '../ui/PinPrompt';
import { PIN_LOCK_TEXT, PIN_LOCK_TITLE } from '../ui/texts';
import type { ServiceSource } from './services/deferred';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

export function LockScreen({ source }: { source: Pick<ServiceSource, 'load' | 'base'> }) {
  const [lock, setLock] = useState<TillLock | null>(null);
  const [state, setState] = useState<LockState | null>(null);

  useEffect(() => {
    let active = true;
    // After the first paint, like the restore banner: this only joins the load start.tsx begins.
    const timer = setTimeout(() => {
      source.load().then(
        async (services) => {
          await services.lock.init();
          if (!active) return;
          setLock(services.lock);
          setState(services.lock.state());
        },
        (error: unknown) => source.base.logger.warn('Till lock unavailable', error),
      );
    }, 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [source]);

  useEffect(() => {
    if (!lock) return;
    const off = lock.onChange(setState);
    const touch = () => lock.touch();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { capture: true });
    return () => {
      off();
      for (const name of ACTIVITY_EVENTS)
        window.removeEventListener(name, touch, { capture: true });
    };
  }, [lock]);

  if (!lock || state !== 'locked') return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-100 p-4"
      role="dialog"
      aria-modal="true"
      aria-label={PIN_LOCK_TITLE}
      data-testid="lock-screen"
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <PinPrompt
          gate={lock}
          title={PIN_LOCK_TITLE}
          text={PIN_LOCK_TEXT}
          onUnlocked={() => setState(lock.state())}
        />
      </div>
    </div>
  );
}
