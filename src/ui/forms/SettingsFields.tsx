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

/** A preset: its label unless the caller names one, what a caller may change, and its kind. */
interface Preset {
  label: string;
  defaults: Pick<TextFieldProps, 'placeholder' | 'rows'>;
  kind: Pick<TextFieldProps, 'type' | 'mono'>;
}

const MINT_URL: Preset = {
  label: FIELD_MINT_URL,
  defaults: { placeholder: MINT_URL_PLACEHOLDER },
  kind: { type: 'url' },
};

/** One relay address per line; `rows` defaults to 4. */
const RELAYS: Preset = {
  label: FIELD_RELAYS,
  defaults: { placeholder: RELAY_PLACEHOLDER, rows: 4 },
  kind: { mono: true },
};

function PresetField({ preset, label, ...props }: PresetProps & { preset: Preset }) {
  const t = useTexts();
  return (
    <TextField {...preset.defaults} {...props} label={label ?? t(preset.label)} {...preset.kind} />
  );
}

export function MintUrlField(props: PresetProps) {
  return <PresetField preset={MINT_URL} {...props} />;
}

export function RelaysField(props: PresetProps) {
  return <PresetField preset={RELAYS} {...props} />;
}
