// One merchant PIN field: digits only, hidden as typed, with its message under it.
import { FIELD_CLASS, LabelledField } from '../forms/TextField';

export interface PinInputProps {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  autoComplete: 'new-password' | 'current-password' | 'off';
  error?: string | null;
  /** The message says the PIN is wrong (not only that it must wait): the field is marked invalid. */
  invalid?: boolean;
  autoFocus?: boolean;
  /** The unlock prompt's larger digits. */
  large?: boolean;
}

export function PinInput({
  label,
  value,
  onChange,
  autoComplete,
  error,
  invalid = true,
  autoFocus,
  large = false,
}: PinInputProps) {
  return (
    <LabelledField label={label} error={error} gap={1}>
      {(control) => (
        <input
          {...control}
          type="password"
          inputMode="numeric"
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          maxLength={12}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, ''))}
          aria-invalid={invalid ? control['aria-invalid'] : undefined}
          className={`${FIELD_CLASS} tracking-widest${large ? ' text-lg' : ''}`}
        />
      )}
    </LabelledField>
  );
}
