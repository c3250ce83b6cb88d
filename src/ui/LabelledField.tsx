// A form field's label, the control it names, and the hint and inline error under it: the markup
// every text, date, select and PIN field shares.
import { useId, type ReactNode } from 'react';
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
