// A box to tick with its label beside it, as Settings shows its switches: one place for its look.
import { enterActivates } from './enter-activates';

export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  inForm = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** inside a form: Enter toggles the box instead of submitting the form (enter-activates.ts) */
  inForm?: boolean;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        {...(inForm ? { onKeyDown: enterActivates } : {})}
      />
      {label}
    </label>
  );
}
