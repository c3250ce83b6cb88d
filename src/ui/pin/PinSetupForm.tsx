// A new merchant PIN with its own Save button (Settings); changing a PIN asks for the current one
// too. The caller checks the rules and throws the message to show.
import { useState } from 'react';
import { Button } from '../Button';
import { CurrentPinField } from './CurrentPinField';
import { useFieldErrorText } from '../forms/field-errors';
import { Form } from '../forms/Form';
import { PinFields, useNewPin } from './PinFields';

/** Thrown by `onSave` when the current PIN was refused: shown under that field. */
export class CurrentPinError extends Error {}

export interface PinSetupFormProps {
  submitLabel: string;
  /** Adds the current PIN field (a PIN is set and is being changed). */
  askCurrent?: boolean;
  /**
   * Rejects with the message to show, core's PIN rules' in English (wrong shape, not repeated the same; CurrentPinError for
   * the current PIN). `current` is '' without `askCurrent`.
   */
  onSave: (pin: string, repeated: string, current: string) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
}

export function PinSetupForm({
  submitLabel,
  askCurrent = false,
  onSave,
  onCancel,
  cancelLabel,
}: PinSetupFormProps) {
  const fieldError = useFieldErrorText();
  const [current, setCurrent] = useState('');
  const newPin = useNewPin();
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit() {
    if (saving) return;
    setSaving(true);
    newPin.setError(null);
    setCurrentError(null);
    try {
      await onSave(newPin.pin, newPin.repeated, current);
      newPin.clear();
      setCurrent('');
    } catch (caught) {
      // A rule's message (core/lock/pin.ts) in the screen's language; others as they were thrown.
      const message = caught instanceof Error ? fieldError(caught) : String(caught);
      if (caught instanceof CurrentPinError) {
        setCurrentError(message);
        setCurrent('');
      } else {
        newPin.setError(message);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={submit} className="space-y-3">
      {askCurrent ? (
        <CurrentPinField value={current} onChange={setCurrent} error={currentError} />
      ) : null}
      <PinFields {...newPin.fields} />
      <div className="flex gap-2">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
