// The Withdraw amount step: how much of what is available goes into the token (default all),
// confirmed with the amount on the button.
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/forms/FieldError';
import { Form } from '../../ui/forms/Form';
import { Modal } from '../../ui/Modal';
import { useWalletWords } from './wallet-words';
import {
  AMOUNT_FIELD,
  AMOUNT_TITLE,
  CANCEL,
  AMOUNT_RANGE_ERROR,
  AVAILABLE_HINT,
  PARTIAL_NOTE,
  WITHDRAW,
  WITHDRAW_AMOUNT,
} from './locales/wallet/en.json';

export interface WithdrawAmountProps {
  /** null: closed; otherwise the sats available to withdraw */
  available: number | null;
  onConfirm: (amount: number) => void;
  onCancel: () => void;
}

/** A whole number of sats from 1 to `available`, or null. */
export function parseWithdrawAmount(text: string, available: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return Number.isSafeInteger(amount) && amount >= 1 && amount <= available ? amount : null;
}

export function WithdrawAmount({ available, onConfirm, onCancel }: WithdrawAmountProps) {
  const { t } = useWalletWords();
  return (
    <Modal open={available !== null} onClose={onCancel} title={t(AMOUNT_TITLE)}>
      {available !== null ? (
        // Keyed by the amount so each opening starts from "everything available".
        <AmountForm
          key={available}
          available={available}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

function AmountForm({
  available,
  onConfirm,
  onCancel,
}: {
  available: number;
  onConfirm: (amount: number) => void;
  onCancel: () => void;
}) {
  const { t, formats } = useWalletWords();
  const [text, setText] = useState(String(available));
  const [touched, setTouched] = useState(false);
  const id = useId();
  const amount = parseWithdrawAmount(text, available);
  const showError = touched && amount === null;
  const submit = () => {
    setTouched(true);
    if (amount !== null) onConfirm(amount);
  };
  return (
    <Form className="space-y-3 text-sm text-slate-700" onSubmit={submit}>
      <label htmlFor={`${id}-amount`} className="block font-medium text-slate-800">
        {t(AMOUNT_FIELD)}
      </label>
      <input
        id={`${id}-amount`}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTouched(true);
        }}
        aria-invalid={showError}
        aria-describedby={`${id}-hint${showError ? ` ${id}-error` : ''}`}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base tabular-nums focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-200"
        data-testid="withdraw-amount-input"
      />
      <p id={`${id}-hint`}>
        {t(AVAILABLE_HINT, { count: available, sats: formats.sats(available) })}
      </p>
      {showError ? (
        <FieldError id={`${id}-error`}>
          {t(AMOUNT_RANGE_ERROR, { max: formats.sats(available) })}
        </FieldError>
      ) : null}
      {amount !== null && amount < available ? <p>{t(PARTIAL_NOTE)}</p> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="sm:flex-1" disabled={amount === null}>
          {amount === null
            ? t(WITHDRAW)
            : t(WITHDRAW_AMOUNT, { count: amount, sats: formats.sats(amount) })}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t(CANCEL)}
        </Button>
      </div>
    </Form>
  );
}
