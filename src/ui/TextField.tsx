// A labelled text input or textarea with optional hint and inline error (addresses, phrases).
import { useId, type KeyboardEventHandler, type ReactNode } from 'react';
import { FieldError } from './FieldError';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none';

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Lines of a textarea; omitted: a one-line input. */
  rows?: number;
  /** One-line inputs only. */
  type?: 'text' | 'url';
  placeholder?: string;
  /** Monospace text (keys, relay addresses, words). */
  mono?: boolean;
  /** Under the field, before any error. */
  hint?: ReactNode;
  /** Shown under the field and marks it invalid. */
  error?: string;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** Phrases: no word suggestions either. */
  autoCorrect?: 'off';
}

export function TextField({
  label,
  value,
  onChange,
  rows,
  type = 'text',
  placeholder,
  mono = false,
  hint,
  error,
  onKeyDown,
  autoCorrect,
}: TextFieldProps) {
  const id = useId();
  const errorId = useId();
  // Addresses and phrases: the browser must not capitalise, complete or "fix" them.
  const common = {
    id,
    value,
    placeholder,
    onKeyDown,
    autoCorrect,
    autoComplete: 'off',
    autoCapitalize: 'none',
    spellCheck: false,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: mono ? `${fieldClass} font-mono` : fieldClass,
  } as const;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {rows === undefined ? (
        <input
          {...common}
          type={type}
          inputMode={type === 'url' ? 'url' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
