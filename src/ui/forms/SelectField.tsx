// A labelled <select> in the look of every field (the language, the till unit, the shop currency).
import type { ReactNode } from 'react';
import { FIELD_CLASS, LabelledField } from './TextField';

export function SelectField({
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  label: ReactNode;
  value: string;
  /** while a choice is being saved */
  disabled?: boolean;
  onChange: (value: string) => void;
  /** the <option>s */
  children: ReactNode;
}) {
  return (
    <LabelledField label={label}>
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={`${FIELD_CLASS} text-sm`}
        >
          {children}
        </select>
      )}
    </LabelledField>
  );
}
