// A new merchant PIN with its own Save button (Settings). The caller checks the rules and throws
// the message to show.
import { useState, type FormEvent } from 'react';
import { Button } from './Button';
import { PinFields } from './PinFields';

export interface PinSetupFormProps {
  submitLabel: string;
  /** Rejects with the message to show (wrong shape, not repeated the same). */
  onSave: (pin: string, repeated: string) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
}

export function PinSetupForm({ submitLabel, onSave, onCancel, cancelLabel }: PinSetupFormProps) {
  const [pin, setPin] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(pin, repeated);
      setPin('');
      setRepeated('');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <PinFields
        pin={pin}
        repeated={repeated}
        onPin={setPin}
        onRepeated={setRepeated}
        error={error}
      />
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
    </form>
  );
}
