// The "I have written down my recovery phrase" confirmation a new wallet needs before continuing.
import { useId } from 'react';
import { enterActivates } from '../../ui/forms/enter-activates';
import { useTexts } from '../../ui/i18n';
import { WRITTEN_DOWN_LABEL } from './locales/onboarding/en.json';

export function WrittenDownCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const t = useTexts();
  return (
    // The whole line is the touch target (at least 44 px high), the box itself 24 px.
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-6 shrink-0 accent-violet-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onKeyDown={enterActivates}
      />
      <span className="text-slate-800">{t(WRITTEN_DOWN_LABEL)}</span>
    </label>
  );
}
