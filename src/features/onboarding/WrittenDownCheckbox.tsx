// The "I have written down my recovery phrase" confirmation a new wallet needs before continuing.
import { useId } from 'react';
import { enterActivates } from '../../ui/enter-activates';
import { WRITTEN_DOWN_LABEL } from './texts.json';

export function WrittenDownCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-violet-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onKeyDown={enterActivates}
      />
      <span className="text-slate-800">{WRITTEN_DOWN_LABEL}</span>
    </label>
  );
}
