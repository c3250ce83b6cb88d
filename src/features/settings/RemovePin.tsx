// Settings' confirmation before the merchant PIN is removed: what removing it means, and the
// current PIN (docs/behaviour.md "Merchant PIN").
import { useState } from 'react';
import { PIN_FORMAT_MESSAGE, validatePin } from '../../core/lock/pin';
import type { PinAnswer } from '../../ui/PinPrompt';
import { Button } from '../../ui/Button';
import { CurrentPinField } from '../../ui/CurrentPinField';
import { Form } from '../../ui/Form';
import { pinRefusedText } from '../../ui/texts';
import {
  KEEP_PIN,
  REMOVE_PIN_CONFIRM,
  REMOVE_PIN_TITLE,
  REMOVE_PIN_WARNING,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

export interface RemovePinProps {
  /** Checks the current PIN, then removes the PIN (core/lock TillLock `removePin`). */
  remove: (current: string) => Promise<PinAnswer>;
  onRemoved: () => void;
  onCancel: () => void;
  /** Removing failed after the PIN was right: logged and shown by the caller. */
  onFailed: (error: unknown) => void;
}

export function RemovePin({ remove, onRemoved, onCancel, onFailed }: RemovePinProps) {
  const t = useTexts();
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  async function submit() {
    if (removing) return;
    setError(null);
    try {
      // A value that cannot be a PIN is refused here, without counting as a wrong PIN.
      validatePin(current);
    } catch {
      setError(PIN_FORMAT_MESSAGE);
      return;
    }
    setRemoving(true);
    try {
      const answer = await remove(current);
      if (answer.ok) return onRemoved();
      setError(pinRefusedText(answer));
      setCurrent('');
    } catch (caught) {
      onFailed(caught);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Form
      role="alertdialog"
      aria-labelledby="remove-pin-title"
      aria-describedby="remove-pin-warning"
      onSubmit={submit}
      className="space-y-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p id="remove-pin-title" className="font-semibold">
        {t(REMOVE_PIN_TITLE)}
      </p>
      <p id="remove-pin-warning">{t(REMOVE_PIN_WARNING)}</p>
      <CurrentPinField value={current} onChange={setCurrent} error={error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={removing} aria-busy={removing}>
          {t(REMOVE_PIN_CONFIRM)}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t(KEEP_PIN)}
        </Button>
      </div>
    </Form>
  );
}
