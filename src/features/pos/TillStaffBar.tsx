// Who is at the till on Home: the quick switch between staff (their personal PIN, or none), the
// owner back with the merchant PIN, and "Paid in cash" for the next sale
// (docs/behaviour.md "Staff and shifts").
import { useEffect, useState } from 'react';
import type { Sale } from '../../core/sale/sale';
import type { Logger } from '../../core/logger';
import { Button } from '../../ui/Button';
import { FIELD_CLASS } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import type { PosStaff } from './deps';
import { toast } from '../../ui/toast/toast';
import { useTillStaff, type TillChoice } from './use-till-staff';
import {
  TILL_AT,
  TILL_CASH_FAILED,
  TILL_CASH_NOTE,
  TILL_CASH_RECORDED,
  TILL_CASHIER,
  TILL_CHANGE,
  TILL_MANAGER,
  TILL_OWNER,
  TILL_PAID_CASH,
  TILL_PIN,
  TILL_SWITCH,
  TILL_SWITCH_FAILED,
  TILL_WRONG_PIN,
} from './locales/till/en.json';

const ROLE_TEXT = { owner: TILL_OWNER, manager: TILL_MANAGER, cashier: TILL_CASHIER } as const;

/** The person at the till, read once and after each switch. */
export function TillStaffBar({
  staff,
  logger,
  onChange,
  onCashRecorded,
}: {
  staff: PosStaff;
  logger: Logger;
  /** who charges the next sale, and whether it is recorded as cash */
  onChange: (choice: TillChoice) => void;
  /** a cash sale was recorded: the keypad starts again */
  onCashRecorded: () => void;
}) {
  const t = useTexts();
  const { current, list, reload, cash, setCash, offersCash } = useTillStaff(staff, logger);
  // Without a staff list the till is the owner's alone and sales name no one, as before.
  const staffRef = list.length > 0 ? current : undefined;
  useEffect(() => {
    const recordCash = (sale: Sale) =>
      // Loaded with the first cash sale: nobody waits for it before.
      void import('../../core/staff/cash-sale')
        .then(({ recordCashSale }) => recordCashSale(staff.cash, sale))
        .then(
          () => {
            setCash(false);
            onCashRecorded();
            void toast.success(t(TILL_CASH_RECORDED));
          },
          (error: unknown) => {
            logger.error('Could not record the cash sale', error);
            void toast.error(t(TILL_CASH_FAILED));
          },
        );
    onChange(
      cash
        ? { ...(staffRef ? { staff: staffRef } : {}), recordCash }
        : staffRef
          ? { staff: staffRef }
          : {},
    );
  }, [staffRef, cash, staff, setCash, onChange, onCashRecorded, logger, t]);
  const [choice, setChoice] = useState('');
  const [asks, setAsks] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const chosen = choice || current?.id || 'owner';
  useEffect(() => {
    let live = true;
    staff.till.asksPin(chosen).then(
      (yes) => live && setAsks(yes),
      () => live && setAsks(true),
    );
    return () => {
      live = false;
    };
  }, [staff, chosen]);
  const [switching, setSwitching] = useState(false);
  // Nobody on the staff list: the till is the owner's, as before. With no one and cash sales off
  // in Settings (the default) the bar shows nothing: the keypad keeps the whole screen.
  const people = list.length > 0;
  if (!current || (!people && !offersCash)) return null;
  const nameOf = (id: string) =>
    id === 'owner' ? t(TILL_OWNER) : (list.find((m) => m.id === id)?.name ?? '');

  const switchTo = async () => {
    setError(undefined);
    try {
      const result =
        chosen === 'owner'
          ? await staff.till.switchToOwner(pin)
          : await staff.till.switchTo(chosen, pin);
      if (!result.ok) {
        setError(t(TILL_WRONG_PIN));
        return;
      }
      setPin('');
      setChoice('');
      setSwitching(false);
      reload();
    } catch (failure) {
      logger.error('Could not switch who is at the till', failure);
      setError(t(TILL_SWITCH_FAILED));
    }
  };

  // One line under the mode switch, no card: the keypad below keeps its place on a phone
  // (docs/behaviour.md "Staff and shifts").
  return (
    <section
      className="flex flex-wrap items-center gap-2 text-sm md:max-w-sm"
      aria-label={t(TILL_AT)}
      data-testid="till-staff"
      data-staff-id={current.id}
    >
      {people ? (
        <>
          <p className="min-w-0 flex-1 text-slate-700">
            {t(TILL_AT)}:{' '}
            <strong data-testid="till-staff-name">
              {current.role === 'owner' ? t(TILL_OWNER) : current.name}
            </strong>{' '}
            ({t(ROLE_TEXT[current.role])})
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={switching}
            onClick={() => {
              setSwitching(!switching);
              setError(undefined);
            }}
          >
            {t(TILL_CHANGE)}
          </Button>
        </>
      ) : null}
      {offersCash ? (
        <button
          type="button"
          aria-pressed={cash}
          onClick={() => setCash(!cash)}
          className={`min-h-11 rounded-full px-4 text-sm font-medium ring-1 ${
            cash
              ? 'bg-emerald-700 text-white ring-emerald-700'
              : 'bg-white text-slate-800 ring-slate-300'
          }`}
        >
          {t(TILL_PAID_CASH)}
        </button>
      ) : null}
      {people && switching ? (
        <div className="flex w-full flex-wrap items-end gap-2">
          <label className="flex-1">
            <span className="sr-only">{t(TILL_AT)}</span>
            <select
              className={FIELD_CLASS}
              value={chosen}
              onChange={(e) => {
                setChoice(e.target.value);
                setError(undefined);
              }}
            >
              <option value="owner">{t(TILL_OWNER)}</option>
              {list.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({t(ROLE_TEXT[m.role])})
                </option>
              ))}
            </select>
          </label>
          {asks && chosen !== current.id ? (
            <input
              className={`${FIELD_CLASS} w-28`}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              aria-label={t(TILL_PIN, { name: nameOf(chosen) })}
              value={pin}
              onChange={(e) => setPin(e.target.value)}
            />
          ) : null}
          <Button
            variant="outline"
            disabled={chosen === current.id}
            onClick={() => void switchTo()}
          >
            {t(TILL_SWITCH)}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      ) : null}
      {cash ? <p className="w-full text-xs text-slate-600">{t(TILL_CASH_NOTE)}</p> : null}
    </section>
  );
}
