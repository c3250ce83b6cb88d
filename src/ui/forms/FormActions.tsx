// A form's closing row, at its right: leave without doing anything, or submit (busy while it runs).
import type { ReactNode } from 'react';
import { Button } from '../Button';

export function FormActions({
  cancel,
  onCancel,
  submit,
  disabled = false,
  busy,
}: {
  cancel: ReactNode;
  onCancel: () => void;
  submit: ReactNode;
  /** nothing to submit yet (the submit button is disabled while busy too) */
  disabled?: boolean;
  busy: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancel}
      </Button>
      <Button type="submit" disabled={busy || disabled} aria-busy={busy}>
        {submit}
      </Button>
    </div>
  );
}
