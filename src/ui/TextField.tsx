// A labelled text input or textarea with optional hint and inline error (addresses, phrases).
import type { KeyboardEventHandler, ReactNode } from 'react';
import { FIELD_CLASS, LabelledField } from './LabelledField';

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
