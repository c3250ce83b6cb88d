// The two fields of a new merchant PIN (typed, then repeated), digits only, and the state they edit.
import { useState } from 'react';
import { PinInput } from './PinInput';
import { PIN_NEW_LABEL, PIN_REPEAT_LABEL } from '../locales/pin/en.json';
import { useTexts } from '../i18n';

export interface PinFieldsProps {
  pin: string;
  repeated: string;
  onPin: (pin: string) => void;
  onRepeated: (repeated: string) => void;
  error?: string | null;
}

export function PinFields({ pin, repeated, onPin, onRepeated, error }: PinFieldsProps) {
  const t = useTexts();
  return (
    <div className="space-y-3">
      <PinInput label={t(PIN_NEW_LABEL)} value={pin} onChange={onPin} autoComplete="new-password" />
      <PinInput
        label={t(PIN_REPEAT_LABEL)}
        value={repeated}
        onChange={onRepeated}
        autoComplete="new-password"
        error={error}
      />
    </div>
  );
}

/** A new PIN being typed: the two values, the message shown under them, and the fields' props. */
export function useNewPin() {
  const [pin, setPin] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fields: PinFieldsProps = { pin, repeated, onPin: setPin, onRepeated: setRepeated, error };
  const clear = () => {
    setPin('');
    setRepeated('');
  };
  return { pin, repeated, setError, clear, fields };
}
