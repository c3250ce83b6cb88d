// Cash out to Lightning on the wallet screen: paste or scan, amount (or everything) for an address,
// then what is paid, to whom and its fees before the merchant confirms; Cancel on every step.
import { useEffect, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../core/sale/sale-detail';
import type { PendingMelt } from '../../core/wallet/cash-out/ports';
import type { Fetch } from '../../core/wallet/cash-out/lnurl';
import { FieldError } from '../../ui/FieldError';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Modal } from '../../ui/Modal';
import { SegmentToggle, type SegmentOption } from '../../ui/Segmented';
import { TextField } from '../../ui/TextField';
import { useCameraScan } from '../../ui/use-camera-scan';
import {
  CANCEL,
  CASH_OUT,
  CASH_OUT_ALL,
  CASH_OUT_ALL_HINT,
  CASH_OUT_TITLE,
  CLOSE,
  CONFIRM_TITLE,
  CONTINUE,
  DESTINATION_LABEL,
  DESTINATION_PLACEHOLDER,
  FEE_RESERVE_HINT,
  NO_SCANNER_NOTE,
  PAY,
  PAY_ANYWAY,
  PENDING_CASH_OUTS,
  ROW_AMOUNT,
  ROW_DESCRIPTION,
  ROW_FEE_RESERVE,
  ROW_INPUT_FEE,
  ROW_PAYEE,
  ROW_TO,
  ROW_TOTAL,
  SCAN,
  STOP_SCAN,
} from './cash-out-texts.json';
import {
  amountLabel,
  commentLabel,
  feeAboveLimitWarning,
  pendingCashOutText,
} from './cash-out-texts';
import type { WalletServices } from './deps';
import { REFUND_ECASH, REFUND_LIGHTNING, REFUND_METHOD } from './receipt-texts.json';
import { refundTitle } from './receipt-texts';
import { satsText } from './texts';
import { useCashOut, type RefundTarget } from './use-cash-out';
import { Form } from '../../ui/Form';
import { FormActions } from '../../ui/FormActions';

const browserFetch: Fetch = (url, init) => fetch(url, init);

export function CashOutButton({ onOpen, disabled }: { onOpen: () => void; disabled?: boolean }) {
  return (
    <Button variant="secondary" onClick={onOpen} disabled={disabled}>
      {CASH_OUT}
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
  const { state } = flow;
  const title = flow.refund
    ? refundTitle(flow.refund.left)
    : state.step === 'confirm'
      ? CONFIRM_TITLE
      : CASH_OUT_TITLE;
  return (
    <Modal open={state.step !== 'closed'} onClose={flow.close} title={title}>
      {state.step !== 'closed' ? <CashOutBody flow={flow} ecashRefund={ecashRefund} /> : null}
    </Modal>
  );
}

const REFUND_METHODS: readonly SegmentOption<PaymentMethod>[] = [
  { value: 'lightning', label: REFUND_LIGHTNING },
  { value: 'ecash', label: REFUND_ECASH },
];

/** Mounted while the panel is open, so what was typed is gone when it closes. */
function CashOutBody({
  flow,
  ecashRefund,
}: {
  flow: Flow;
  ecashRefund?: (target: RefundTarget) => ReactNode;
}) {
  const { state, busy } = flow;
  // A refund goes back over Lightning (the cash-out steps) or as an ecash token.
  const [method, setMethod] = useState<PaymentMethod>('lightning');
  const offerEcash = flow.refund !== null && ecashRefund !== undefined;
  const [text, setText] = useState('');
  // A refund starts at what is left of the sale.
  const [amount, setAmount] = useState(flow.refund ? String(flow.refund.left) : '');
  const [comment, setComment] = useState('');

  return (
    <div className="space-y-4" data-testid="cash-out">
      {offerEcash && state.step === 'destination' ? (
        <SegmentToggle
          label={REFUND_METHOD}
          options={REFUND_METHODS}
          value={method}
          onChange={setMethod}
        />
      ) : null}
      {offerEcash && method === 'ecash' && state.step === 'destination'
        ? ecashRefund!(flow.refund!)
        : null}
      {state.step === 'destination' && !(offerEcash && method === 'ecash') ? (
        <Form className="space-y-3" onSubmit={() => flow.submitDestination(text)}>
          <TextField
            label={DESTINATION_LABEL}
            value={text}
            onChange={setText}
            rows={3}
            mono
            placeholder={DESTINATION_PLACEHOLDER}
            error={state.error}
            autoCorrect="off"
          />
          <Scanner onScanned={setText} />
          <FormActions
            cancel={CANCEL}
            onCancel={flow.close}
            submit={CONTINUE}
            disabled={text.trim() === ''}
            busy={busy}
          />
        </Form>
      ) : null}

      {state.step === 'amount' ? (
        <Form
          className="space-y-3"
          onSubmit={() => flow.submitAmount(state.params, Number(amount), comment)}
        >
          <p className="break-all text-sm text-slate-700">{state.params.label}</p>
          {state.params.description ? (
            <p className="text-sm text-slate-500">{state.params.description}</p>
          ) : null}
          <TextField
            label={amountLabel(state.params.minSat, state.params.maxSat)}
            value={amount}
            onChange={(value) => setAmount(value.replace(/[^0-9]/g, ''))}
            error={state.error}
          />
          {state.params.commentAllowed > 0 ? (
            <TextField
              label={commentLabel(state.params.commentAllowed)}
              value={comment}
              onChange={setComment}
            />
          ) : null}
          {flow.refund ? null : (
            <div className="space-y-1">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void flow.cashOutAll(state.params, comment)}
                disabled={busy}
              >
                {CASH_OUT_ALL}
              </Button>
              <p className="text-xs text-slate-500">{CASH_OUT_ALL_HINT}</p>
            </div>
          )}
          <FormActions
            cancel={CANCEL}
            onCancel={flow.close}
            submit={CONTINUE}
            disabled={amount === ''}
            busy={busy}
          />
        </Form>
      ) : null}

      {state.step === 'confirm' ? (
        <div className="space-y-3">
          <dl className="space-y-1 text-sm" data-testid="cash-out-payee">
            {state.plan.destination ? (
              <PayeeRow label={ROW_TO} look="break-all" testId="cash-out-to">
                {state.plan.destination}
              </PayeeRow>
            ) : state.plan.payee ? (
              <PayeeRow label={ROW_PAYEE} look="break-all font-mono text-xs" testId="cash-out-to">
                {state.plan.payee}
              </PayeeRow>
            ) : null}
            {state.plan.description ? (
              <PayeeRow label={ROW_DESCRIPTION} look="break-words" testId="cash-out-description">
                {state.plan.description}
              </PayeeRow>
            ) : null}
          </dl>
          <dl
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
            data-testid="cash-out-fees"
          >
            <dt>{ROW_AMOUNT}</dt>
            <dd className="text-right tabular-nums" data-testid="cash-out-amount">
              {satsText(state.plan.amount)}
            </dd>
            <dt>{ROW_FEE_RESERVE}</dt>
            <dd className="text-right tabular-nums" data-testid="cash-out-fee-reserve">
              {satsText(state.plan.feeReserve)}
            </dd>
            <dt>{ROW_INPUT_FEE}</dt>
            <dd className="text-right tabular-nums" data-testid="cash-out-input-fee">
              {satsText(state.plan.inputFee)}
            </dd>
            <dt className="font-semibold">{ROW_TOTAL}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="cash-out-total">
              {satsText(state.plan.total)}
            </dd>
          </dl>
          <p className="text-xs text-slate-500">{FEE_RESERVE_HINT}</p>
          {state.plan.feeAboveLimit ? (
            <p
              role="alert"
              className="text-sm font-medium text-amber-800"
              data-testid="cash-out-fee-warning"
            >
              {feeAboveLimitWarning(state.plan.total - state.plan.amount, state.plan.feeLimit)}
            </p>
          ) : null}
          {state.error ? <FieldError>{state.error}</FieldError> : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={flow.close} disabled={busy}>
              {CANCEL}
            </Button>
            <Button
              onClick={() => void flow.confirm(state.plan, state.everything)}
              disabled={busy}
              aria-busy={busy}
            >
              {state.plan.feeAboveLimit ? PAY_ANYWAY : PAY}
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
            <Button onClick={flow.close}>{CLOSE}</Button>
          </div>
        </div>
      ) : null}
    </div>
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

/** Scans a QR code with the camera where the browser has BarcodeDetector; otherwise says so. */
function Scanner({ onScanned }: { onScanned: (text: string) => void }) {
  // The first code read is the destination: the camera stops there.
  const { available, scanning, setScanning, videoRef } = useCameraScan({
    onCode: (text) => {
      onScanned(text);
      setScanning(false);
    },
    formats: QR_ONLY,
  });

  if (!available) return <p className="text-xs text-slate-500">{NO_SCANNER_NOTE}</p>;
  return (
    <div className="space-y-2">
      {scanning ? <video ref={videoRef} className="w-full rounded-lg" muted playsInline /> : null}
      <Button variant="outline" size="sm" type="button" onClick={() => setScanning(!scanning)}>
        {scanning ? STOP_SCAN : SCAN}
      </Button>
    </div>
  );
}

/** Melts the mint has not answered PAID or UNPAID yet. */
export function PendingCashOuts({ pending }: { pending: PendingMelt[] }) {
  if (pending.length === 0) return null;
  return (
    <Card look="bare" gap={2} titleId="pending-cash-outs" title={PENDING_CASH_OUTS}>
      <ul className="space-y-1 text-sm text-slate-700" data-testid="pending-cash-outs">
        {pending.map((melt) => (
          <li key={melt.quote} className="break-all">
            {pendingCashOutText(melt.amount, melt.destination ?? `${melt.request.slice(0, 24)}…`)}
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
  useEffect(() => {
    let live = true;
    const load = () =>
      void cashOut
        .listPending()
        .then((rows) => live && setPending(rows))
        .catch((error: unknown) => logger.warn('Could not read pending cash-outs', error));
    load();
    const off = events.onUpdated(load);
    return () => {
      live = false;
      off();
    };
  }, [cashOut, events, logger]);
  return pending;
}
