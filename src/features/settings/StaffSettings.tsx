// Settings' staff list: name, role and optional personal PIN of each person who works the till
// (docs/behaviour.md "Staff and shifts"; PINs only as hashes, docs/security.md "Staff and roles").
import { FieldError } from '../../ui/forms/FieldError';
import { useCallback, useState } from 'react';
import { useReadAgain } from '../../ui/use-read';
import { ValidationError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { StaffMember } from '../../core/staff/staff';
import type { StaffSettingsService } from './deps';
import { Button } from '../../ui/Button';
import { cardClasses } from '../../ui/Card';
import { FIELD_CLASS, TextField } from '../../ui/forms/TextField';
import { useFormats, useTexts } from '../../ui/i18n';
import {
  STAFF_ADD,
  STAFF_CASH_LABEL,
  STAFF_CASH_NOTE,
  STAFF_EMPTY,
  STAFF_HAS_PIN,
  STAFF_NAME,
  STAFF_NOTE,
  STAFF_PIN,
  STAFF_REMOVE,
  STAFF_ROLE,
  STAFF_ROLE_CASHIER,
  STAFF_ROLE_MANAGER,
  STAFF_SAVE_FAILED,
  STAFF_TITLE,
} from './locales/staff/en.json';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { staffErrorText } from './staff-errors';

const ROLE_TEXT = { manager: STAFF_ROLE_MANAGER, cashier: STAFF_ROLE_CASHIER } as const;

const CARD = cardClasses('ring', 4);

export function StaffSettings({ staff, logger }: { staff: StaffSettingsService; logger: Logger }) {
  const t = useTexts();
  const formats = useFormats();
  const [list, setList] = useState<StaffMember[]>([]);
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffMember['role']>('cashier');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [cash, setCash] = useState(false);
  const read = useCallback(() => Promise.all([staff.list(), staff.recordsCash()]), [staff]);
  const readAgain = useReadAgain(
    read,
    ([members, records]) => {
      setList(members);
      setCash(records);
    },
    (failure) => logger.warn('Could not read the staff list', failure),
  );

  const run = useCallback(
    async (change: () => Promise<unknown>) => {
      setBusy(true);
      setError(undefined);
      try {
        await change();
        readAgain();
        return true;
      } catch (failure) {
        if (failure instanceof ValidationError) setError(staffErrorText(t, formats, failure));
        else {
          logger.error('Could not save the staff list', failure);
          setError(t(STAFF_SAVE_FAILED));
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [logger, t, formats, readAgain],
  );

  const add = async () => {
    const ok = await run(() => staff.add({ name, role, ...(pin ? { pin } : {}) }));
    if (ok) {
      setName('');
      setPin('');
    }
  };

  return (
    <section className={CARD.card} aria-labelledby="staff-title" data-testid="staff-settings">
      <h3 id="staff-title" className={CARD.title}>
        {t(STAFF_TITLE)}
      </h3>
      <p className="text-sm text-slate-600">{t(STAFF_NOTE)}</p>
      {list.length === 0 ? (
        <p className="text-sm text-slate-500">{t(STAFF_EMPTY)}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span>
                <strong>{m.name}</strong> · {t(ROLE_TEXT[m.role])}
                {m.pin ? ` · ${t(STAFF_HAS_PIN)}` : ''}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => void run(() => staff.remove(m.id))}
              >
                {t(STAFF_REMOVE, { name: m.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <CheckboxField
        label={t(STAFF_CASH_LABEL)}
        checked={cash}
        disabled={busy}
        onChange={(on) => {
          // Shown at once, as the box was ticked; put back if it could not be saved.
          setCash(on);
          void run(() => staff.setRecordsCash(on)).then((saved) => saved || setCash(!on));
        }}
      />
      <p className="text-sm text-slate-600">{t(STAFF_CASH_NOTE)}</p>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextField label={t(STAFF_NAME)} value={name} onChange={setName} />
        <label className="block space-y-2 text-sm font-medium text-slate-800">
          <span>{t(STAFF_ROLE)}</span>
          <select
            className={FIELD_CLASS}
            value={role}
            onChange={(e) => setRole(e.target.value === 'manager' ? 'manager' : 'cashier')}
          >
            <option value="cashier">{t(STAFF_ROLE_CASHIER)}</option>
            <option value="manager">{t(STAFF_ROLE_MANAGER)}</option>
          </select>
        </label>
        <label className="block space-y-2 text-sm font-medium text-slate-800">
          <span>{t(STAFF_PIN)}</span>
          <input
            className={FIELD_CLASS}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
        </label>
        {error ? <FieldError>{error}</FieldError> : null}
        <Button type="submit" disabled={busy}>
          {t(STAFF_ADD)}
        </Button>
      </form>
    </section>
  );
}
