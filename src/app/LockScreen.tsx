// The lock screen (docs/behaviour.md "Merchant PIN"): with a PIN set, the main screens stay
// covered until it is entered once after start. Payments wait meanwhile: the services that need the
// seed or the Nostr key read them through the till lock, which holds them until unlock. This PIN
// unlocks only: it does not open the money-out gate, and no tap or key ever keeps that open
// (docs/security.md "The merchant PIN").
import { useEffect, useState } from 'react';
import type { TillLock, LockState } from '../core/lock';
import { PinPrompt } from '../ui/PinPrompt';
import { PIN_LOCK_TEXT, PIN_LOCK_TITLE } from '../ui/texts';
import type { AppServices } from './services/complete';
import type { ServiceSource } from './services/deferred';
import { useServicesAfterPaint } from './use-services-after-paint';

/** The lock once it has read whether a PIN is set, with its state then. */
async function pickLock(services: AppServices): Promise<{ lock: TillLock; initial: LockState }> {
  await services.lock.init();
  return { lock: services.lock, initial: services.lock.state() };
}

export function LockScreen({
  source,
}: {
  source: Pick<ServiceSource, 'afterFirstPaint' | 'base'>;
}) {
  const picked = useServicesAfterPaint(source, pickLock, 'Till lock unavailable');
  const lock = picked?.lock ?? null;
  // Changes since the lock was picked; until the first one, its state when picked.
  const [changed, setState] = useState<LockState | null>(null);
  const state = changed ?? picked?.initial ?? null;

  useEffect(() => {
    if (!lock) return;
    return lock.onChange(setState);
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
