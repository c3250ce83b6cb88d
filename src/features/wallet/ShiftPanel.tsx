// The shift on the wallet screen: opened with a starting float, closed with the counted cash (a
// manager or the owner at the till), and the report of the open or last shift, printable on an
// 80 mm roll or A4 and saved as CSV (docs/behaviour.md "Shifts",
// docs/decisions/0066-staff-roles-and-shifts.md).
import { FieldError } from '../../ui/forms/FieldError';
import { useCallback, useEffect, useState } from 'react';
import { useReadAgain } from '../../ui/use-read';
import { ValidationError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { cashAmount, type Shift, type ShiftReport } from '../../core/staff/shift';
import type { ShiftService } from './deps';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Form } from '../../ui/forms/Form';
import { FIELD_CLASS, LabelledField } from '../../ui/forms/TextField';
import { Modal } from '../../ui/Modal';
import { PrintArea, printPage, type Paper } from '../../ui/receipt/PrintArea';
import { localDate } from '../../core/records/local-day';
import { ShiftReportView } from './ShiftReportView';
import { shiftErrorText } from './shift-errors';
import { shiftCsv } from '../../core/staff/shift-csv';
import { saveCsv } from './save-csv';
import { EXPORT_DOWNLOAD } from './locales/records/en.json';
import { useWalletWords } from './wallet-words';
import {
  isFiatUnit,
  SAT,
  unitCurrency as currencyOfUnit,
  type FiatUnit,
  type Unit,
} from '../../core/units/unit';
import {
  SHIFT_AMOUNT_INVALID,
  SHIFT_CLOSE,
  SHIFT_CLOSE_NOT_ALLOWED,
  SHIFT_CLOSE_REPORT,
  SHIFT_COUNTED,
  SHIFT_FAILED,
  SHIFT_FLOAT,
  SHIFT_LAST_REPORT,
  SHIFT_LOADING,
  SHIFT_NONE,
  SHIFT_OPEN,
  SHIFT_OPEN_SINCE,
  SHIFT_OWNER,
  SHIFT_PAPER,
  SHIFT_PRINT,
  SHIFT_SATS,
  SHIFT_REPORT_OPEN,
  SHIFT_TITLE,
} from './locales/shift/en.json';

export interface ShiftPanelProps {
  till: ShiftService;
  /** the display currency the drawer is counted in; null: the shop shows sats only */
  currency: () => Promise<string | null>;
  /**
   * The unit the till charges in: a fiat one is what a new shift's float, cash and figures are
   * in, whatever the display currency; sats when omitted.
   */
  tillUnit?: () => Promise<Unit>;
  logger: Logger;
}

const PAPERS: Paper[] = ['80mm', 'A4'];

export function ShiftPanel({ till, currency, tillUnit, logger }: ShiftPanelProps) {
  const { t, formats } = useWalletWords();
  const [shifts, setShifts] = useState<Shift[]>();
  const [shopCurrency, setShopCurrency] = useState<string | null>(null);
  const [saleUnit, setSaleUnit] = useState<FiatUnit>();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shift | null>(null);

  const read = useCallback(
    () => Promise.all([till.shifts(), currency(), tillUnit?.() ?? SAT]),
    [till, currency, tillUnit],
  );
  const readAgain = useReadAgain(
    read,
    ([list, code, unit]) => {
      setShifts(list);
      // A till charging in dollars counts its drawer in dollars (docs/behaviour.md "Shifts").
      setShopCurrency(isFiatUnit(unit) ? currencyOfUnit(unit) : code);
      setSaleUnit(isFiatUnit(unit) ? unit : undefined);
    },
    (failure) => {
      logger.error('Could not read the shifts', failure);
      setError(t(SHIFT_FAILED));
    },
  );

  const open = shifts?.[0]?.closedAt === undefined ? shifts?.[0] : undefined;
  const last = shifts?.find((s) => s.closedAt !== undefined);
  // The drawer is counted in the currency the shift opened with, whatever the shop shows since.
  const unitCurrency = open ? open.currency : (shopCurrency ?? undefined);
  const unit = unitCurrency ?? t(SHIFT_SATS);

  const run = useCallback(
    async (action: (minor: number) => Promise<Shift | void>) => {
      setError(undefined);
      let minor: number;
      try {
        minor = cashAmount(amount, unitCurrency);
      } catch {
        setError(t(SHIFT_AMOUNT_INVALID));
        return;
      }
      setBusy(true);
      try {
        const done = await action(minor);
        setAmount('');
        readAgain();
        if (done) setShown(done);
      } catch (failure) {
        if (failure instanceof ValidationError) {
          setError(shiftErrorText(t, formats, failure));
        } else {
          logger.error('Could not save the shift', failure);
          setError(t(SHIFT_FAILED));
        }
      } finally {
        setBusy(false);
      }
    },
    [amount, unitCurrency, logger, t, formats, readAgain],
  );

  const start = () =>
    run(async (minor) => void (await till.startShift(minor, unitCurrency, saleUnit)));
  const close = async () => {
    // Only a manager or the owner closes a shift (docs/security.md "Staff and roles").
    if (!(await till.allows('close-shift'))) {
      setError(t(SHIFT_CLOSE_NOT_ALLOWED));
      return;
    }
    await run((minor) => till.endShift(minor));
  };

  const by = (shift: Shift) =>
    shift.openedBy.role === 'owner' ? t(SHIFT_OWNER) : shift.openedBy.name;

  return (
    <Card look="bare" titleId="wallet-shift" title={t(SHIFT_TITLE)} testId="shift-panel">
      {shifts === undefined && !error ? (
        <p role="status" className="text-sm text-slate-500">
          {t(SHIFT_LOADING)}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="shift-state">
            {open
              ? t(SHIFT_OPEN_SINCE, {
                  time: `${localDate(open.openedAt)} ${formats.time(open.openedAt)}`,
                  name: by(open),
                })
              : t(SHIFT_NONE)}
          </p>
          <Form className="flex flex-wrap items-end gap-2" onSubmit={open ? close : start}>
            <div className="min-w-40 flex-1">
              <LabelledField
                label={t(open ? SHIFT_COUNTED : SHIFT_FLOAT, { unit })}
                error={error}
                gap={1}
              >
                {(control) => (
                  <input
                    {...control}
                    className={`${FIELD_CLASS} text-sm`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                )}
              </LabelledField>
            </div>
            <Button type="submit" disabled={busy}>
              {t(open ? SHIFT_CLOSE : SHIFT_OPEN)}
            </Button>
          </Form>
          <div className="flex flex-wrap gap-2">
            {open ? (
              <Button variant="outline" onClick={() => setShown(open)}>
                {t(SHIFT_REPORT_OPEN)}
              </Button>
            ) : null}
            {last ? (
              <Button variant="outline" onClick={() => setShown(last)}>
                {t(SHIFT_LAST_REPORT)}
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ShiftReportDialog shift={shown} till={till} logger={logger} onClose={() => setShown(null)} />
    </Card>
  );
}

type ReportState = { step: 'loading' } | { step: 'done'; report: ShiftReport } | { step: 'failed' };

function ShiftReportDialog({
  shift,
  till,
  logger,
  onClose,
}: {
  shift: Shift | null;
  till: ShiftService;
  logger: Logger;
  onClose: () => void;
}) {
  const { t } = useWalletWords();
  const [result, setResult] = useState<{ shift: Shift; state: ReportState } | null>(null);
  const state: ReportState = result && result.shift === shift ? result.state : { step: 'loading' };
  const [paper, setPaper] = useState<Paper>('80mm');

  useEffect(() => {
    if (!shift) return;
    let live = true;
    till.report(shift).then(
      (report) => live && setResult({ shift, state: { step: 'done', report } }),
      (failure: unknown) => {
        logger.error('Could not read the shift report', failure);
        if (live) setResult({ shift, state: { step: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [shift, till, logger]);

  return (
    <Modal open={shift !== null} onClose={onClose} title={t(SHIFT_REPORT_OPEN)}>
      <div className="space-y-4">
        {state.step === 'loading' ? (
          <p role="status" className="text-sm text-slate-500">
            {t(SHIFT_LOADING)}
          </p>
        ) : state.step === 'failed' ? (
          <FieldError>{t(SHIFT_FAILED)}</FieldError>
        ) : (
          <>
            <ShiftReportView report={state.report} />
            <PrintArea paper={paper}>
              <h2 className="text-base font-semibold">{t(SHIFT_REPORT_OPEN)}</h2>
              <ShiftReportView report={state.report} />
            </PrintArea>
          </>
        )}
        <div className="flex flex-wrap items-end justify-end gap-2">
          {state.step === 'done' ? (
            <>
              <label className="text-sm">
                <span className="mr-2 text-slate-700">{t(SHIFT_PAPER)}</span>
                <select
                  className="min-h-11 rounded-lg px-2 ring-1 ring-slate-300"
                  value={paper}
                  onChange={(e) => setPaper(e.target.value === 'A4' ? 'A4' : '80mm')}
                >
                  {PAPERS.map((p) => (
                    <option key={p} value={p}>
                      {p === 'A4' ? 'A4' : '80 mm'}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="outline"
                onClick={() =>
                  saveCsv(
                    [new Blob([shiftCsv(state.report)])],
                    `cashew-shift-${localDate(state.report.shift.openedAt)}.csv`,
                  )
                }
              >
                {t(EXPORT_DOWNLOAD)}
              </Button>
              <Button onClick={printPage}>{t(SHIFT_PRINT)}</Button>
            </>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            {t(SHIFT_CLOSE_REPORT)}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
