// The current merchant PIN, asked before the PIN is changed or removed (docs/behaviour.md
// "Merchant PIN"), with the wrong-PIN message under it.
import { useId } from 'react';
import { FieldError } from './FieldError';
import { PIN_CURRENT_LABEL } from './texts';

export interface CurrentPinFieldProps {
  value: string;
  onChange: (pin: string) => void;
  error?: string | null;
}

export function CurrentPinField({ value, onChange, error }: CurrentPinFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {PIN_CURRENT_LABEL}
      </label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        maxLength={12}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, ''))}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 tracking-widest focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none"
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
