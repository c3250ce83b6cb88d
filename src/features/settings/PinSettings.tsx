// Settings' merchant PIN: set, change or remove it (docs/behaviour.md "Merchant PIN"). Changing
// or removing it asks for the current PIN, checked with the same waits as any PIN entry, even
// though Settings is behind the PIN already; removing it is confirmed first.
import { useEffect, useState } from 'react';
import { choosePin, PIN_FORMAT_MESSAGE, validatePin } from '../../core/lock/pin';
import type { Logger } from '../../core/logger';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { PinAnswer } from '../../ui/pin/PinPrompt';
import { CurrentPinError, PinSetupForm } from '../../ui/pin/PinSetupForm';
import { pinRefusedText } from '../../ui/pin/PinPrompt';
import { toast } from '../../ui/toast/toast';
import { RemovePin } from './RemovePin';
import {
  CHANGE_PIN,
  PIN_CHANGED_TOAST,
  PIN_IS_SET,
  PIN_REMOVED_TOAST,
  PIN_SECTION_TEXT,
  PIN_SET_TOAST,
  REMOVE_PIN,
  SAVE_PIN,
  SETTINGS_CANCEL,
  SET_PIN,
  PIN_SECTION_TITLE,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

export interface PinControl {
  init(): Promise<void>;
  state(): 'no-pin' | 'locked' | 'unlocked';
  /** the first PIN only */
  setPin(pin: string): Promise<void>;
  changePin(current: string, pin: string): Promise<PinAnswer>;
  removePin(current: string): Promise<PinAnswer>;
}

export function PinSettings({ lock, logger }: { lock: PinControl; logger: Logger }) {
  const t = useTexts();
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

  async function save(pin: string, repeated: string, current: string) {
    const chosen = choosePin(pin, repeated);
    if (hasPin) {
      // A value that cannot be a PIN is refused here, without counting as a wrong PIN.
      try {
        validatePin(current);
      } catch {
        throw new CurrentPinError(PIN_FORMAT_MESSAGE);
      }
      const answer = await lock.changePin(current, chosen);
      if (!answer.ok) throw new CurrentPinError(pinRefusedText(t, answer));
    } else {
      await lock.setPin(chosen);
    }
    toast.success(hasPin ? t(PIN_CHANGED_TOAST) : t(PIN_SET_TOAST));
    setHasPin(true);
    setEditing(false);
  }

  const removed = () => {
    toast.success(t(PIN_REMOVED_TOAST));
    setHasPin(false);
    setRemoving(false);
  };
  const removeFailed = (error: unknown) => {
    logger.error('Removing the PIN failed', error);
    toast.error(error instanceof Error ? error.message : String(error));
  };

  if (hasPin === null) return null;
  return (
    <Card titleId="pin-settings-title" title={t(PIN_SECTION_TITLE)} note={t(PIN_SECTION_TEXT)}>
      {hasPin ? <p className="text-sm font-medium text-slate-700">{t(PIN_IS_SET)}</p> : null}
      {editing ? (
        <PinSetupForm
          submitLabel={t(SAVE_PIN)}
          askCurrent={hasPin}
          onSave={save}
          onCancel={() => setEditing(false)}
          cancelLabel={t(SETTINGS_CANCEL)}
        />
      ) : (
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {hasPin ? t(CHANGE_PIN) : t(SET_PIN)}
          </Button>
          {hasPin ? (
            <Button variant="outline" onClick={() => setRemoving(true)}>
              {t(REMOVE_PIN)}
            </Button>
          ) : null}
        </div>
      )}
      <RemovePin
        open={removing}
        remove={(current) => lock.removePin(current)}
        onRemoved={removed}
        onCancel={() => setRemoving(false)}
        onFailed={removeFailed}
      />
    </Card>
  );
}
