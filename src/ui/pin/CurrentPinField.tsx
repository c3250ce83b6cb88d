// The current merchant PIN, asked before the PIN is changed or removed (docs/behaviour.md
// "Merchant PIN"), with the wrong-PIN message under it.
import { PinInput } from './PinInput';
import { PIN_CURRENT_LABEL } from '../locales/pin/en.json';
import { useTexts } from '../i18n';

export interface CurrentPinFieldProps {
  value: string;
  onChange: (pin: string) => void;
  error?: string | null;
}

export function CurrentPinField(props: CurrentPinFieldProps) {
  const t = useTexts();
  return <PinInput {...props} label={t(PIN_CURRENT_LABEL)} autoComplete="current-password" />;
}
