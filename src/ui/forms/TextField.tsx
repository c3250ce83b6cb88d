// A labelled text input or textarea with optional hint and inline error (addresses, phrases), and
// the label-control-error markup it shares with the date, select and PIN fields (LabelledField).
import { useId, type KeyboardEventHandler, type ReactNode } from 'react';
import { FieldError } from './FieldError';

/** The look of every input, select and textarea; the caller adds the text size. */
export const FIELD_CLASS =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none';

/** What the control carries: the id the label names, and the error while one shows. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function LabelledField({
  label,
  error,
  hint,
  gap = 2,
  children,
}: {
  label: ReactNode;
  error?: string | null;
  /** Under the field, before any error. */
  hint?: ReactNode;
  gap?: 1 | 2;
  /** The control, given what it carries. */
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={gap === 1 ? 'space-y-1' : 'space-y-2'}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(error ? { id, 'aria-describedby': errorId, 'aria-invalid': true } : { id })}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

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
  // Addresses and phrases: the browser must not capitalise, complete or "fix" them.
  const common = {
    value,
    placeholder,
    onKeyDown,
    autoCorrect,
    autoComplete: 'off',
    autoCapitalize: 'none',
    spellCheck: false,
    className: `${FIELD_CLASS} text-sm${mono ? ' font-mono' : ''}`,
  } as const;
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) =>
        rows === undefined ? (
          <input
            {...common}
            {...control}
            type={type}
            inputMode={type === 'url' ? 'url' : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <textarea
            {...common}
            {...control}
            rows={rows}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </LabelledField>
  );
}
