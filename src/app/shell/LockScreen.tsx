// The lock banner (docs/behaviour.md "Merchant PIN"): with a PIN set and not yet entered since
// start, a line above the screen says so and offers the PIN. It covers nothing: the keypad sells
// while locked (decision 0024); what needs the seed or the Nostr key waits for the PIN. This PIN
// unlocks only: it does not open the money-out gate, and no tap or key ever keeps that open
// (docs/security.md "The merchant PIN").
import { useEffect, useState } from 'react';
import type { TillLock, LockState } from '../../core/lock';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { PinPrompt } from '../../ui/pin/PinPrompt';
import type { AppServices } from '../services/complete';
import type { ServiceSource } from '../services/deferred';
import { useServicesAfterPaint } from './use-services-after-paint';
import { PIN_LOCK_ENTER, PIN_LOCK_TEXT, PIN_LOCK_TITLE } from '../../ui/locales/pin/en.json';
import { useTexts } from '../../ui/i18n';
import { LOCK_BANNER } from '../locales/banners/en.json';

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
  const t = useTexts();
  const picked = useServicesAfterPaint(source, pickLock, 'Till lock unavailable');
  const lock = picked?.lock ?? null;
  // Changes since the lock was picked; until the first one, its state when picked.
  const [changed, setState] = useState<LockState | null>(null);
  const state = changed ?? picked?.initial ?? null;
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!lock) return;
    return lock.onChange(setState);
  }, [lock]);

  if (!lock || state !== 'locked') return null;
  return (
    <div
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
      role="status"
      data-testid="lock-banner"
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{t(PIN_LOCK_TITLE)}.</span> {t(LOCK_BANNER)}
      </p>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        {t(PIN_LOCK_ENTER)}
      </Button>
      <Modal open={asking} onClose={() => setAsking(false)} title={t(PIN_LOCK_TITLE)}>
        <PinPrompt
          gate={lock}
          title={t(PIN_LOCK_TITLE)}
          text={t(PIN_LOCK_TEXT)}
          showTitle={false}
          onUnlocked={() => {
            setAsking(false);
            setState(lock.state());
          }}
          onCancel={() => setAsking(false)}
        />
      </Modal>
    </div>
  );
}
