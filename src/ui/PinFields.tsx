// The two fields of a new merchant PIN (typed, then repeated), digits only.
import { useId } from 'react';
import { FieldError } from './FieldError';
import { PIN_NEW_LABEL, PIN_REPEAT_LABEL } from './texts';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 tracking-widest focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none';

export interface PinFieldsProps {
  pin: string;
  repeated: string;
  onPin: (pin: string) => void;
  onRepeated: (repeated: string) => void;
  error?: string | null;
}

export function PinFields({ pin, repeated, onPin, onRepeated, error }: PinFieldsProps) {
  const pinId = useId();
  const repeatId = useId();
  const errorId = useId();
  const digits = (value: string) => value.replace(/[^0-9]/g, '');
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={pinId} className="block text-sm font-medium text-slate-700">
          {PIN_NEW_LABEL}
        </label>
        <input
          id={pinId}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={12}
          value={pin}
          onChange={(event) => onPin(digits(event.target.value))}
          className={fieldClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={repeatId} className="block text-sm font-medium text-slate-700">
          {PIN_REPEAT_LABEL}
        </label>
        <input
          id={repeatId}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={12}
          value={repeated}
          onChange={(event) => onRepeated(digits(event.target.value))}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className={fieldClass}
        />
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      </div>
    </div>
  );
}
