// Cash out to Lightning on the wallet screen: paste or scan, amount (or everything) for an address,
// then what is paid, to whom and its fees before the merchant confirms; Cancel on every step.
import { useCallback, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../core/sale/sale-detail';
import type { PendingMelt } from '../../core/wallet/cash-out/ports';
import type { Fetch } from '../../core/wallet/cash-out/lnurl';
import { FieldError } from '../../ui/forms/FieldError';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Modal } from '../../ui/Modal';
import { SegmentToggle, type SegmentOption } from '../../ui/forms/Segmented';
import { TextField } from '../../ui/forms/TextField';
import { ScanProgress } from '../../ui/share/ScanProgress';
import { useWatchedRead } from '../../ui/use-read';
import { useCameraScan } from '../../ui/share/use-camera-scan';
import type { WalletServices } from './deps';
import { useWalletWords } from './wallet-words';
import { useCashOut, type RefundTarget } from './use-cash-out';
import { Form } from '../../ui/forms/Form';
import { FormActions } from '../../ui/forms/FormActions';
import { amountFromText, amountOf } from '../../core/units/amount';
import { unitCurrency, unitDecimals, type FiatUnit } from '../../core/units/unit';
import { satsPerMajorUnit } from '../../core/wallet/cash-out/unit-rate';
import type { CashOutQuote } from '../../core/wallet/cash-out/cash-out-service';
import {
  CASH_OUT,
  CASH_OUT_ALL,
  CASH_OUT_ALL_HINT,
  AMOUNT_RANGE_LABEL,
  COMMENT_LABEL,
  FEE_ABOVE_LIMIT_WARNING,
  PENDING_CASH_OUT_LINE,
  REFUND_TITLE,
  CASH_OUT_CANCEL,
  CASH_OUT_CLOSE,
  CASH_OUT_CONFIRM_TITLE,
  CASH_OUT_CONTINUE,
  CASH_OUT_PAY,
  CASH_OUT_PAY_ANYWAY,
  CASH_OUT_SCAN,
  CASH_OUT_STOP_SCAN,
  CASH_OUT_TITLE,
  DESTINATION_LABEL,
  DESTINATION_PLACEHOLDER,
  FEE_RESERVE_HINT,
  NO_SCANNER_NOTE,
  PENDING_CASH_OUTS,
  REFUND_ECASH,
  REFUND_LIGHTNING,
  REFUND_METHOD,
  ROW_AMOUNT,
  ROW_DESCRIPTION,
  ROW_FEE_RESERVE,
  ROW_INPUT_FEE,
  ROW_PAYEE,
  ROW_TO,
  ROW_TOTAL,
  ROW_LIGHTNING,
  ROW_RATE,
  RATE_VALUE,
  FROM_UNIT_NOTE,
  PENDING_CASH_OUT_UNIT_LINE,
  AMOUNT_UNIT_LABEL,
} from './locales/cash-out/en.json';

const browserFetch: Fetch = (url, init) => fetch(url, init);

/** The amount field read: whole sats, or an amount of `unit` as its minor units; null if neither. */
export function typedMinor(text: string, unit: FiatUnit | null): number | null {
  if (!unit) return /^\d+$/.test(text) ? Number(text) : null;
  const minor = amountFromText(text, unit)?.minor;
  return minor !== undefined && minor > 0 ? minor : null;
}

export function CashOutButton({ onOpen, disabled }: { onOpen: () => void; disabled?: boolean }) {
  const { t } = useWalletWords();
  return (
    <Button variant="secondary" onClick={onOpen} disabled={disabled}>
      {t(CASH_OUT)}
    </Button>
  );
}

export function useCashOutPanel(services: WalletServices, onDone: () => void) {
  return useCashOut(services, onDone, browserFetch);
}

type Flow = ReturnType<typeof useCashOut>;

/** `ecashRefund`: the form a refund as an ecash token shows instead of the destination step. */
export function CashOutPanel({
  flow,
  ecashRefund,
}: {
  flow: Flow;
  ecashRefund?: (target: RefundTarget) => ReactNode;
}) {
  const { t, sats } = useWalletWords();
  const { state } = flow;
  const title = flow.refund
    ? t(REFUND_TITLE, { left: sats(flow.refund.left) })
    : state.step === 'confirm'
      ? t(CASH_OUT_CONFIRM_TITLE)
      : t(CASH_OUT_TITLE);
  return (
    <Modal open={state.step !== 'closed'} onClose={flow.close} title={title}>
      {state.step !== 'closed' ? <CashOutBody flow={flow} ecashRefund={ecashRefund} /> : null}
    </Modal>
  );
}

/** Mounted while the panel is open, so what was typed is gone when it closes. */
function CashOutBody({
  flow,
  ecashRefund,
}: {
  flow: Flow;
  ecashRefund?: (target: RefundTarget) => ReactNode;
}) {
  const { t, sats: satsText, formats, amount: amountText } = useWalletWords();
  /** A figure of the plan: cents of its unit when it pays from one, else sats. */
  const money = (plan: CashOutQuote, n: number) =>
    plan.unit ? amountText(amountOf(n, plan.unit)) : satsText(n);
  const refundMethods: readonly SegmentOption<PaymentMethod>[] = [
    { value: 'lightning', label: t(REFUND_LIGHTNING) },
    { value: 'ecash', label: t(REFUND_ECASH) },
  ];
  const { state, busy } = flow;
  // A refund goes back over Lightning (the cash-out steps) or as an ecash token.
  const [method, setMethod] = useState<PaymentMethod>('lightning');
  const offerEcash = flow.refund !== null && ecashRefund !== undefined;
  const [text, setText] = useState('');
  // A refund starts at what is left of the sale.
  const [amount, setAmount] = useState(flow.refund ? String(flow.refund.left) : '');
  const [comment, setComment] = useState('');
  // Sats, or minor units of the fiat balance paid from; null while the field holds no amount.
  const typedAmount = typedMinor(amount, flow.unit);

  return (
    <div className="space-y-4" data-testid="cash-out">
      {offerEcash && state.step === 'destination' ? (
        <SegmentToggle
          label={t(REFUND_METHOD)}
          options={refundMethods}
          value={method}
          onChange={setMethod}
        />
      ) : null}
      {offerEcash && method === 'ecash' && state.step === 'destination'
        ? ecashRefund!(flow.refund!)
        : null}
      {state.step === 'destination' && !(offerEcash && method === 'ecash') ? (
        <Form className="space-y-3" onSubmit={() => flow.submitDestination(text)}>
          {flow.unit ? (
            <p className="text-sm text-slate-700" data-testid="cash-out-unit-note">
              {t(FROM_UNIT_NOTE, { unit: unitCurrency(flow.unit) })}
            </p>
          ) : null}
          <TextField
            label={t(DESTINATION_LABEL)}
            value={text}
            onChange={setText}
            rows={3}
            mono
            placeholder={t(DESTINATION_PLACEHOLDER)}
            error={state.error}
            autoCorrect="off"
          />
          <Scanner onScanned={setText} />
          <FormActions
            cancel={t(CASH_OUT_CANCEL)}
            onCancel={flow.close}
            submit={t(CASH_OUT_CONTINUE)}
            disabled={text.trim() === ''}
            busy={busy}
          />
        </Form>
      ) : null}

      {state.step === 'amount' ? (
        <Form
          className="space-y-3"
          onSubmit={() => flow.submitAmount(state.params, typedAmount ?? 0, comment)}
        >
          <p className="break-all text-sm text-slate-700">{state.params.label}</p>
          {state.params.description ? (
            <p className="text-sm text-slate-500">{state.params.description}</p>
          ) : null}
          <TextField
            label={
              // From a fiat balance the amount is typed in its unit; the address's range is sats.
              flow.unit
                ? t(AMOUNT_UNIT_LABEL, {
                    unit: unitCurrency(flow.unit),
                    min: satsText(state.params.minSat),
                    max: satsText(state.params.maxSat),
                  })
                : t(AMOUNT_RANGE_LABEL, {
                    min: formats.sats(state.params.minSat),
                    max: formats.sats(state.params.maxSat),
                  })
            }
            value={amount}
            onChange={(value) => setAmount(value.replace(flow.unit ? /[^0-9.,]/g : /[^0-9]/g, ''))}
            error={state.error}
          />
          {state.params.commentAllowed > 0 ? (
            <TextField
              label={t(COMMENT_LABEL, { max: formats.number(state.params.commentAllowed) })}
              value={comment}
              onChange={setComment}
            />
          ) : null}
          {/* Everything: of the sats, or of the fiat balance paid from (decision 0090). */}
          {flow.refund ? null : (
            <div className="space-y-1">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void flow.cashOutAll(state.params, comment)}
                disabled={busy}
              >
                {t(CASH_OUT_ALL)}
              </Button>
              <p className="text-xs text-slate-500">{t(CASH_OUT_ALL_HINT)}</p>
            </div>
          )}
          <FormActions
            cancel={t(CASH_OUT_CANCEL)}
            onCancel={flow.close}
            submit={t(CASH_OUT_CONTINUE)}
            disabled={typedAmount === null}
            busy={busy}
          />
        </Form>
      ) : null}

      {state.step === 'confirm' ? (
        <div className="space-y-3">
          <dl className="space-y-1 text-sm" data-testid="cash-out-payee">
            {state.plan.destination ? (
              <PayeeRow label={t(ROW_TO)} look="break-all" testId="cash-out-to">
                {state.plan.destination}
              </PayeeRow>
            ) : state.plan.payee ? (
              <PayeeRow
                label={t(ROW_PAYEE)}
                look="break-all font-mono text-xs"
                testId="cash-out-to"
              >
                {state.plan.payee}
              </PayeeRow>
            ) : null}
            {state.plan.description ? (
              <PayeeRow label={t(ROW_DESCRIPTION)} look="break-words" testId="cash-out-description">
                {state.plan.description}
              </PayeeRow>
            ) : null}
          </dl>
          <dl
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
            data-testid="cash-out-fees"
          >
            <dt>{t(ROW_AMOUNT)}</dt>
            <dd className="text-right tabular-nums" data-testid="cash-out-amount">
              {money(state.plan, state.plan.amount)}
            </dd>
            <dt>{t(ROW_FEE_RESERVE)}</dt>
            <dd className="text-right tabular-nums" data-testid="cash-out-fee-reserve">
              {money(state.plan, state.plan.feeReserve)}
            </dd>
            <dt>{t(ROW_INPUT_FEE)}</dt>
            <dd className="text-right tabular-nums" data-testid="cash-out-input-fee">
              {money(state.plan, state.plan.inputFee)}
            </dd>
            <dt className="font-semibold">{t(ROW_TOTAL)}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="cash-out-total">
              {money(state.plan, state.plan.total)}
            </dd>
          </dl>
          {state.plan.unit && state.plan.invoiceSats ? (
            <UnitRate
              plan={state.plan}
              invoiceSats={state.plan.invoiceSats}
              unit={state.plan.unit}
            />
          ) : null}
          <p className="text-xs text-slate-500">{t(FEE_RESERVE_HINT)}</p>
          {state.plan.feeAboveLimit ? (
            <p
              role="alert"
              className="text-sm font-medium text-amber-800"
              data-testid="cash-out-fee-warning"
            >
              {t(FEE_ABOVE_LIMIT_WARNING, {
                fees: money(state.plan, state.plan.total - state.plan.amount),
                limit: money(state.plan, state.plan.feeLimit),
              })}
            </p>
          ) : null}
          {state.error ? <FieldError>{state.error}</FieldError> : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={flow.close} disabled={busy}>
              {t(CASH_OUT_CANCEL)}
            </Button>
            <Button
              onClick={() => void flow.confirm(state.plan, state.everything)}
              disabled={busy}
              aria-busy={busy}
            >
              {state.plan.feeAboveLimit ? t(CASH_OUT_PAY_ANYWAY) : t(CASH_OUT_PAY)}
            </Button>
          </div>
        </div>
      ) : null}

      {state.step === 'done' ? (
        <div className="space-y-3">
          <p
            role="status"
            data-testid="cash-out-result"
            className={state.ok ? 'text-sm text-emerald-700' : 'text-sm text-red-700'}
          >
            {state.message}
          </p>
          <div className="flex justify-end">
            <Button onClick={flow.close}>{t(CASH_OUT_CLOSE)}</Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * What the invoice's sats cost in the unit, shown before paying: the Lightning payment in sats and
 * the rate the mint's quote gives (sats per one USD).
 */
function UnitRate({
  plan,
  invoiceSats,
  unit,
}: {
  plan: CashOutQuote;
  invoiceSats: number;
  unit: NonNullable<CashOutQuote['unit']>;
}) {
  const { t, sats: satsText } = useWalletWords();
  if (unit === 'sat') return null;
  const rate = satsPerMajorUnit(plan.amount, invoiceSats, unitDecimals(unit));
  return (
    <dl
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm text-slate-700"
      data-testid="cash-out-rate"
    >
      <dt>{t(ROW_LIGHTNING)}</dt>
      <dd className="text-right tabular-nums" data-testid="cash-out-invoice-sats">
        {satsText(invoiceSats)}
      </dd>
      <dt>{t(ROW_RATE)}</dt>
      <dd className="text-right tabular-nums" data-testid="cash-out-rate-value">
        {t(RATE_VALUE, { sats: satsText(rate), unit: unitCurrency(unit) })}
      </dd>
    </dl>
  );
}

/** A line of who is paid: its label over its value. */
function PayeeRow({
  label,
  look,
  testId,
  children,
}: {
  label: string;
  look: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className={`${look} text-slate-900`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const QR_ONLY = ['qr_code'];

/** Scans a QR code (an animated one too) where the browser has a camera API; otherwise says so. */
function Scanner({ onScanned }: { onScanned: (text: string) => void }) {
  const { t } = useWalletWords();
  // The first code read is the destination: the camera stops there.
  const { available, scanning, setScanning, videoRef, progress } = useCameraScan({
    onCode: (text) => {
      onScanned(text);
      setScanning(false);
    },
    formats: QR_ONLY,
  });

  if (!available) return <p className="text-xs text-slate-500">{t(NO_SCANNER_NOTE)}</p>;
  return (
    <div className="space-y-2">
      {scanning ? <video ref={videoRef} className="w-full rounded-lg" muted playsInline /> : null}
      <ScanProgress progress={progress} />
      <Button variant="outline" size="sm" type="button" onClick={() => setScanning(!scanning)}>
        {scanning ? t(CASH_OUT_STOP_SCAN) : t(CASH_OUT_SCAN)}
      </Button>
    </div>
  );
}

/** Melts the mint has not answered PAID or UNPAID yet. */
export function PendingCashOuts({ pending }: { pending: PendingMelt[] }) {
  const { t, formats, amount } = useWalletWords();
  if (pending.length === 0) return null;
  return (
    <Card look="bare" gap={2} titleId="pending-cash-outs" title={t(PENDING_CASH_OUTS)}>
      <ul className="space-y-1 text-sm text-slate-700" data-testid="pending-cash-outs">
        {pending.map((melt) => (
          <li key={melt.quote} className="break-all">
            {melt.unit
              ? t(PENDING_CASH_OUT_UNIT_LINE, {
                  amount: amount(amountOf(melt.amount, melt.unit)),
                  to: melt.destination ?? `${melt.request.slice(0, 24)}…`,
                })
              : t(PENDING_CASH_OUT_LINE, {
                  count: melt.amount,
                  sats: formats.sats(melt.amount),
                  to: melt.destination ?? `${melt.request.slice(0, 24)}…`,
                })}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Pending cash-outs, read again whenever the wallet changes. */
export function usePendingCashOuts(
  services: Pick<WalletServices, 'cashOut' | 'events' | 'logger'>,
) {
  const { cashOut, events, logger } = services;
  const [pending, setPending] = useState<PendingMelt[]>([]);
  const read = useCallback(() => cashOut.listPending(), [cashOut]);
  const watch = useCallback((changed: () => void) => events.onUpdated(changed), [events]);
  useWatchedRead(read, watch, setPending, (error) =>
    logger.warn('Could not read pending cash-outs', error),
  );
  return pending;
}
