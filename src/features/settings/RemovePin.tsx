// Settings' confirmation before the merchant PIN is removed, in the app's one confirm dialog: what
// removing it means, and the current PIN (docs/behaviour.md "Merchant PIN").
import { useState } from 'react';
import { PIN_FORMAT_MESSAGE, validatePin } from '../../core/lock/pin';
import type { PinAnswer } from '../../ui/pin/PinPrompt';
import { Button } from '../../ui/Button';
import { ConfirmActions, ConfirmDialog } from '../../ui/ConfirmDialog';
import { CurrentPinField } from '../../ui/pin/CurrentPinField';
import { useFieldErrorText } from '../../ui/forms/field-errors';
import { Form } from '../../ui/forms/Form';
import { pinRefusedText } from '../../ui/pin/PinPrompt';
import {
  KEEP_PIN,
  REMOVE_PIN_CONFIRM,
  REMOVE_PIN_TITLE,
  REMOVE_PIN_WARNING,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

export interface RemovePinProps {
  /** The confirmation is shown. */
  open: boolean;
  /** Checks the current PIN, then removes the PIN (core/lock TillLock `removePin`). */
  remove: (current: string) => Promise<PinAnswer>;
  onRemoved: () => void;
  onCancel: () => void;
  /** Removing failed after the PIN was right: logged and shown by the caller. */
  onFailed: (error: unknown) => void;
}

export function RemovePin({ open, ...form }: RemovePinProps) {
  const t = useTexts();
  return (
    <ConfirmDialog
      subject={open || null}
      role="alertdialog"
      onClose={form.onCancel}
      title={t(REMOVE_PIN_TITLE)}
      testId="remove-pin-confirm"
    >
      {() => <RemovePinForm {...form} />}
    </ConfirmDialog>
  );
}

function RemovePinForm({ remove, onRemoved, onCancel, onFailed }: Omit<RemovePinProps, 'open'>) {
  const t = useTexts();
  const fieldError = useFieldErrorText();
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
      setError(fieldError(PIN_FORMAT_MESSAGE));
      return;
    }
    setRemoving(true);
    try {
      const answer = await remove(current);
      if (answer.ok) return onRemoved();
      setError(pinRefusedText(t, answer));
      setCurrent('');
    } catch (caught) {
      onFailed(caught);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Form onSubmit={submit} className="space-y-4">
      <p>{t(REMOVE_PIN_WARNING)}</p>
      <CurrentPinField value={current} onChange={setCurrent} error={error} />
      <ConfirmActions>
        <Button type="submit" className="sm:flex-1" disabled={removing} aria-busy={removing}>
          {t(REMOVE_PIN_CONFIRM)}
        </Button>
        <Button type="button" variant="outline" className="sm:flex-1" onClick={onCancel}>
          {t(KEEP_PIN)}
        </Button>
      </ConfirmActions>
    </Form>
  );
}
