// The "Receive ecash" dialog at the keypad (docs/behaviour.md "Point of sale"): a token pasted
// or scanned for the typed amount goes to the receipt core; a refusal is said here and stores nothing.
import { useCallback, useRef, useState } from 'react';
import type { EcashReceived } from '../../core/wallet/ecash/ecash-receiver';
import { Button } from '../../ui/Button';
import { formatSats } from '../../ui/format-sats';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { BarcodeScan } from './BarcodeScan';
import {
  ALREADY_TAKEN_TEXT,
  readTokenText,
  receiveEcashTitle,
  refusalText,
  TAKE_ECASH_TEXT,
  TAKING_ECASH_TEXT,
  TOKEN_LABEL,
  TOKEN_PLACEHOLDER,
} from './receive-ecash';

export interface ReceiveEcashDialogProps {
  /** the typed amount in sats */
  amount: number;
  receive: (token: string, amount: number) => Promise<EcashReceived>;
  onReceived: (result: Extract<EcashReceived, { status: 'received' }>) => void;
  onClose: () => void;
  onScanError: (error: unknown) => void;
}

export function ReceiveEcashDialog({
  amount,
  receive,
  onReceived,
  onClose,
  onScanError,
}: ReceiveEcashDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A scanner reads the same code many times a second: one token is taken once at a time.
  const busyRef = useRef(false);

  const take = useCallback(
    async (raw: string) => {
      if (busyRef.current) return;
      const read = readTokenText(raw);
      if ('error' in read) {
        setError(read.error);
        return;
      }
      busyRef.current = true;
      setBusy(true);
      setError(null);
      try {
        const result = await receive(read.token, amount);
        if (result.status === 'received') onReceived(result);
        else setError(ALREADY_TAKEN_TEXT);
      } catch (failure) {
        setError(refusalText(failure));
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [receive, amount, onReceived],
  );
  const onCode = useCallback(
    (code: string) => {
      setText(code);
      void take(code);
    },
    [take],
  );

  return (
    <Modal open onClose={onClose} title={receiveEcashTitle(formatSats(amount))}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void take(text);
        }}
      >
        <TextField
          label={TOKEN_LABEL}
          value={text}
          onChange={(value) => {
            setText(value);
            setError(null);
          }}
          rows={4}
          mono
          placeholder={TOKEN_PLACEHOLDER}
          {...(error ? { error } : {})}
        />
        <BarcodeScan onCode={onCode} onError={onScanError} />
        <Button type="submit" disabled={busy}>
          {busy ? TAKING_ECASH_TEXT : TAKE_ECASH_TEXT}
        </Button>
      </form>
    </Modal>
  );
}
