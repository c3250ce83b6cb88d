// Settings' merchant PIN: set, change or remove it (docs/behaviour.md "Merchant PIN"). The whole
// Settings screen is behind the PIN already, so changing it asks only for the new one.
import { useEffect, useState } from 'react';
import { choosePin } from '../../core/lock/pin';
import type { Logger } from '../../core/logger';
import { Button } from '../../ui/Button';
import { PinSetupForm } from '../../ui/PinSetupForm';
import { toast } from '../../ui/toast';
import {
  CANCEL,
  CHANGE_PIN,
  PIN_CHANGED_TOAST,
  PIN_IS_SET,
  PIN_REMOVED_TOAST,
  PIN_SECTION_TEXT,
  PIN_SECTION_TITLE,
  PIN_SET_TOAST,
  REMOVE_PIN,
  SAVE_PIN,
  SET_PIN,
} from './texts';

export interface PinControl {
  init(): Promise<void>;
  state(): 'no-pin' | 'locked' | 'unlocked';
  setPin(pin: string): Promise<void>;
  removePin(): Promise<void>;
}

export function PinSettings({ lock, logger }: { lock: PinControl; logger: Logger }) {
  const [hasPin, setHasPin] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    let active = true;
    void lock.init().then(() => active && setHasPin(lock.state() !== 'no-pin'));
    return () => {
      active = false;
    };
  }, [lock]);

  async function save(pin: string, repeated: string) {
    await lock.setPin(choosePin(pin, repeated));
    toast.success(hasPin ? PIN_CHANGED_TOAST : PIN_SET_TOAST);
    setHasPin(true);
    setEditing(false);
  }

  async function remove() {
    setRemoving(true);
    try {
      await lock.removePin();
      toast.success(PIN_REMOVED_TOAST);
      setHasPin(false);
    } catch (error) {
      logger.error('Removing the PIN failed', error);
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRemoving(false);
    }
  }

  if (hasPin === null) return null;
  return (
    <section
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="pin-settings-title"
    >
      <h2 id="pin-settings-title" className="text-lg font-semibold text-slate-900">
        {PIN_SECTION_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{PIN_SECTION_TEXT}</p>
      {hasPin ? <p className="text-sm font-medium text-slate-700">{PIN_IS_SET}</p> : null}
      {editing ? (
        <PinSetupForm
          submitLabel={SAVE_PIN}
          onSave={save}
          onCancel={() => setEditing(false)}
          cancelLabel={CANCEL}
        />
      ) : (
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {hasPin ? CHANGE_PIN : SET_PIN}
          </Button>
          {hasPin ? (
            <Button variant="outline" onClick={() => void remove()} disabled={removing}>
              {REMOVE_PIN}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
