// The mint URL and relay list fields, alike in settings and onboarding (checks: core/settings).
import type { TextFieldProps } from './TextField';
import { TextField } from './TextField';
import { FIELD_MINT_URL, FIELD_RELAYS } from '../locales/fields/en.json';
import { useTexts } from '../i18n';

type PresetProps = Omit<TextFieldProps, 'label' | 'type' | 'mono'> & {
  label?: TextFieldProps['label'];
};

export const MINT_URL_PLACEHOLDER = 'https://mint.example.com';
export const RELAY_PLACEHOLDER = 'wss://relay.example.com';

export function MintUrlField({ label, ...props }: PresetProps) {
  const t = useTexts();
  return (
    <TextField
      placeholder={MINT_URL_PLACEHOLDER}
      {...props}
      label={label ?? t(FIELD_MINT_URL)}
      type="url"
    />
  );
}

/** One relay address per line; `rows` defaults to 4. */
export function RelaysField({ label, rows = 4, ...props }: PresetProps) {
  const t = useTexts();
  return (
    <TextField
      placeholder={RELAY_PLACEHOLDER}
      {...props}
      label={label ?? t(FIELD_RELAYS)}
      rows={rows}
      mono
    />
  );
}
