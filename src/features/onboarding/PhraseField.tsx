// The recovery phrase input of the restore screens (the one-page legacy form and step 1).
import { TextField, type TextFieldProps } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import { PHRASE_FIELD_LABEL, PHRASE_PLACEHOLDER } from './locales/onboarding/en.json';

type PhraseFieldProps = Omit<TextFieldProps, 'label' | 'placeholder' | 'mono' | 'autoCorrect'> & {
  rows: number;
};

export function PhraseField(props: PhraseFieldProps) {
  const t = useTexts();
  return (
    <TextField
      {...props}
      label={t(PHRASE_FIELD_LABEL)}
      placeholder={t(PHRASE_PLACEHOLDER)}
      mono
      autoCorrect="off"
    />
  );
}
