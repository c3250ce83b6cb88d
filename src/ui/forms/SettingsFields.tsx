// The mint URL and relay list fields, alike in settings and onboarding (checks: core/settings).
import type { TextFieldProps } from './TextField';
import { TextField } from './TextField';

type PresetProps = Omit<TextFieldProps, 'label' | 'type' | 'mono'> & {
  label?: TextFieldProps['label'];
};

export const MINT_URL_LABEL = 'Mint URL';
export const MINT_URL_PLACEHOLDER = 'https://mint.example.com';
export const RELAYS_LABEL = 'Relays (one per line)';
export const RELAY_PLACEHOLDER = 'wss://relay.example.com';

export function MintUrlField({ label = MINT_URL_LABEL, ...props }: PresetProps) {
  return <TextField placeholder={MINT_URL_PLACEHOLDER} {...props} label={label} type="url" />;
}

/** One relay address per line; `rows` defaults to 4. */
export function RelaysField({ label = RELAYS_LABEL, rows = 4, ...props }: PresetProps) {
  return <TextField placeholder={RELAY_PLACEHOLDER} {...props} label={label} rows={rows} mono />;
}
