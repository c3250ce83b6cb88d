// The recovery phrase input of the restore screens (the one-page legacy form and step 1).
import { TextField, type TextFieldProps } from '../../ui/forms/TextField';
import { PHRASE_PLACEHOLDER } from './texts.json';

type PhraseFieldProps = Omit<TextFieldProps, 'label' | 'placeholder' | 'mono' | 'autoCorrect'> & {
  rows: number;
};

export function PhraseField(props: PhraseFieldProps) {
  return (
    <TextField
      {...props}
      label="Recovery phrase"
      placeholder={PHRASE_PLACEHOLDER}
      mono
      autoCorrect="off"
    />
  );
}
