// The Withdraw amount step: how much of what is available goes into the token (default all),
// confirmed with the amount on the button; in sats, or in a fiat unit's major units.
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/forms/FieldError';
import { Form } from '../../ui/forms/Form';
import { Modal } from '../../ui/Modal';
import { useWalletWords, type WalletWords } from './wallet-words';
import { amountFromText, amountOf } from '../../core/units/amount';
import { unitCurrency, unitDecimals, type FiatUnit } from '../../core/units/unit';
import {
  AMOUNT_FIELD,
  AMOUNT_TITLE,
  CANCEL,
  AMOUNT_RANGE_ERROR,
  AVAILABLE_HINT,
  PARTIAL_NOTE,
  WITHDRAW,
  WITHDRAW_AMOUNT,
  UNIT_AMOUNT_FIELD,
  UNIT_AVAILABLE_HINT,
  UNIT_AMOUNT_RANGE_ERROR,
  WITHDRAW_UNIT_AMOUNT,
} from './locales/wallet/en.json';

export interface WithdrawAmountProps {
  /** null: closed; otherwise the sats (or minor units of `unit`) available to withdraw */
  available: number | null;
  /** the amount step of a fiat unit's ecash: `available` and the amount in its minor units */
  unit?: FiatUnit | undefined;
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

/** Typed major units ("1.00", "1,5") as minor units from 1 to `available`, or null. */
export function parseUnitAmount(text: string, available: number, unit: FiatUnit): number | null {
  const minor = amountFromText(text, unit)?.minor;
  return minor !== undefined && minor >= 1 && minor <= available ? minor : null;
}

/** How the step reads and writes its amounts: sats, or one fiat unit. */
interface AmountReading {
  initial: string;
  parse: (text: string) => number | null;
  inputMode: 'numeric' | 'decimal';
  field: string;
  hint: string;
  error: string;
  button: (amount: number) => string;
}

function readingOf(available: number, unit: FiatUnit | undefined, words: WalletWords) {
  const { t, formats } = words;
  if (!unit) {
    const reading: AmountReading = {
      initial: String(available),
      parse: (text) => parseWithdrawAmount(text, available),
      inputMode: 'numeric',
      field: t(AMOUNT_FIELD),
      hint: t(AVAILABLE_HINT, { count: available, sats: formats.sats(available) }),
      error: t(AMOUNT_RANGE_ERROR, { max: formats.sats(available) }),
      button: (amount) => t(WITHDRAW_AMOUNT, { count: amount, sats: formats.sats(amount) }),
    };
    return reading;
  }
  const written = (minor: number) => words.amount(amountOf(minor, unit));
  const decimals = unitDecimals(unit);
  const reading: AmountReading = {
    // 350 cents show as "3.50": the field takes major units.
    initial: decimals === 0 ? String(available) : (available / 10 ** decimals).toFixed(decimals),
    parse: (text) => parseUnitAmount(text, available, unit),
    inputMode: 'decimal',
    field: t(UNIT_AMOUNT_FIELD, { unit: unitCurrency(unit) }),
    hint: t(UNIT_AVAILABLE_HINT, { amount: written(available) }),
    error: t(UNIT_AMOUNT_RANGE_ERROR, { min: written(1), max: written(available) }),
    button: (amount) => t(WITHDRAW_UNIT_AMOUNT, { amount: written(amount) }),
  };
  return reading;
}

export function WithdrawAmount({ available, unit, onConfirm, onCancel }: WithdrawAmountProps) {
  const { t } = useWalletWords();
  return (
    <Modal open={available !== null} onClose={onCancel} title={t(AMOUNT_TITLE)}>
      {available !== null ? (
        // Keyed by the amount so each opening starts from "everything available".
        <AmountForm
          key={`${unit ?? 'sat'} ${available}`}
          available={available}
          unit={unit}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

function AmountForm({
  available,
  unit,
  onConfirm,
  onCancel,
}: {
  available: number;
  unit: FiatUnit | undefined;
  onConfirm: (amount: number) => void;
  onCancel: () => void;
}) {
  const words = useWalletWords();
  const { t } = words;
  const reading = readingOf(available, unit, words);
  const [text, setText] = useState(reading.initial);
  const [touched, setTouched] = useState(false);
  const id = useId();
  const amount = reading.parse(text);
  const showError = touched && amount === null;
  const submit = () => {
    setTouched(true);
    if (amount !== null) onConfirm(amount);
  };
  return (
    <Form className="space-y-3 text-sm text-slate-700" onSubmit={submit}>
      <label htmlFor={`${id}-amount`} className="block font-medium text-slate-800">
        {reading.field}
      </label>
      <input
        id={`${id}-amount`}
        inputMode={reading.inputMode}
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
      <p id={`${id}-hint`}>{reading.hint}</p>
      {showError ? <FieldError id={`${id}-error`}>{reading.error}</FieldError> : null}
      {amount !== null && amount < available ? <p>{t(PARTIAL_NOTE)}</p> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="sm:flex-1" disabled={amount === null}>
          {amount === null ? t(WITHDRAW) : reading.button(amount)}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t(CANCEL)}
        </Button>
      </div>
    </Form>
  );
}
