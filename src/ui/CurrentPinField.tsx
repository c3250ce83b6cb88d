// The current merchant PIN, asked before the PIN is changed or removed (docs/behaviour.md
// "Merchant PIN"), with the wrong-PIN message under it.
import { PinInput } from './PinInput';
import { PIN_CURRENT_LABEL } from './texts.json';

export interface CurrentPinFieldProps {
  value: string;
  onChange: (pin: string) => void;
  error?: string | null;
}

export function CurrentPinField(props: CurrentPinFieldProps) {
  return <PinInput {...props} label={PIN_CURRENT_LABEL} autoComplete="current-password" />;
}
