// Wallet (/wallet): balance, withdraw as an animated QR token, pending withdrawals (shown again or
// cancelled), paginated history.
import { useCallback, useMemo, useState } from 'react';
import type { HistoryEvent } from '../../core/history-ports';
import { Button } from '../../ui/Button';
import { usePinGate } from '../../ui/pin/pin-gate';
import { ReceiptDialog } from '../../ui/receipt/ReceiptDialog';
import { REFUND_TOKEN_TEXTS, WithdrawModal } from '../../ui/share/WithdrawModal';
import {
  CashOutButton,
  CashOutPanel,
  PendingCashOuts,
  useCashOutPanel,
  usePendingCashOuts,
} from './CashOutPanel';
import { toast } from '../../ui/toast/toast';
import { ConsolidationConfirm } from './ConsolidationConfirm';
import type { WalletServices } from './deps';
import { HistoryList } from './HistoryList';
import { MintBalances, sameMint } from './MintBalances';
import { UnitBalances } from './UnitBalances';
import { useMintNames } from './use-mint-names';
import { ForeignFailed } from './ForeignFailed';
import { OfflineSales } from './OfflineSales';
import { PendingWithdrawals } from './PendingWithdrawals';
import { PhraseReminder } from './PhraseReminder';
import { RecordsPanel } from './RecordsPanel';
import { ShiftPanel } from './ShiftPanel';
import { RefundEcashForm } from './RefundEcashForm';
import { RefundLineButtons } from './RefundLineButtons';
import type { RefundedLine } from '../../core/history-ports';
import { REFUND, REFUND_NOT_ALLOWED } from './locales/cash-out/en.json';
import { useReceipt } from './use-receipt';
import { WithdrawAmount } from './WithdrawAmount';
import { CancelTokenConfirm } from './CancelTokenConfirm';
import { useCancelToken } from './use-cancel-token';
import { useWalletWords } from './wallet-words';
import { useWalletData, type FirstWalletRead } from './use-wallet-data';
import { useWithdraw } from './use-withdraw';
import { useReturnFocus } from '../../ui/use-return-focus';
import { amountOf } from '../../core/units/amount';
import { isFiatUnit, SAT, type FiatUnit } from '../../core/units/unit';
import { tillHeadline } from './till-headline';
import {
  AVAILABLE_LABEL,
  CANCEL_TOKEN,
  CURRENT_BALANCE,
  LOAD_FAILED_HINT,
  PENDING_AT_MINT_LABEL,
  PENDING_LABEL,
  REFRESH,
  WAITING_NOTICE,
  STATE_CHECK_FAILED,
  WALLET_TITLE,
  WITHDRAW,
} from './locales/wallet/en.json';

export { startFirstWalletRead, type FirstWalletRead } from './use-wallet-data';

/** `first`: the first page read before the mount (the route starts it with the services). */
export function WalletScreen({
  services,
  first,
}: {
  services: WalletServices;
  first?: FirstWalletRead;
}) {
  const { logger } = services;
  const { t, sats, amount: amountText } = useWalletWords();
  const [page, setPage] = useState(1);
  const data = useWalletData(services, page, first);
  const { reload } = data;
  // A till charging in dollars leads with its dollars; its sats only when it holds some.
  const headline = tillHeadline(data.tillUnit, data);
  // A shift's drawer is counted in the display currency (sats when the shop shows sats only).
  const { prices } = services;
  const shiftCurrency = useCallback(
    async () => (prices ? (await prices.settings()).currency : null),
    [prices],
  );
  // A till charging in dollars opens its shifts in dollars (docs/behaviour.md "Shifts").
  const tillUnitStore = services.storage.tillUnit;
  const readTillUnit = useMemo(
    () => (tillUnitStore ? () => tillUnitStore.getTillUnit() : undefined),
    [tillUnitStore],
  );
  // Records report on one person of the staff list (docs/behaviour.md "Records").
  const { staff } = services;
  const staffList = useMemo(() => (staff?.list ? () => staff.list!() : undefined), [staff]);
  // A withdraw error is logged; a short toast with the same text keeps the button from seeming
  // dead.
  const onError = useCallback((message: string) => void toast.error(message), []);
  const withdraw = useWithdraw(services, reload, onError);
  // Refresh asks the mints first: proofs spent on another device leave the balance (one history
  // row), a mint that cannot be asked changes nothing and says so.
  const [checking, setChecking] = useState(false);
  const { proofStates } = services;
  const refresh = useCallback(async () => {
    if (proofStates) {
      setChecking(true);
      try {
        const { failures } = await proofStates.checkAll();
        for (const { mintUrl, error } of failures) {
          void toast.error(
            t(STATE_CHECK_FAILED, { mint: mintUrl, reason: error.replace(/\.$/, '') }),
            { toastId: `state-check:${mintUrl}` },
          );
        }
      } finally {
        setChecking(false);
      }
    }
    reload();
  }, [proofStates, reload, t]);
  // The withdraw buttons are disabled while the token is built: focus comes back to them here.
  const opener = useReturnFocus();
  const { state } = withdraw;
  const busy = state.step === 'busy';
  // The fee on the notice is the most the swap may charge.
  const confirmedFee = state.step === 'confirm' ? state.plan.consolidation.fee : 0;
  const confirmTarget = state.step === 'confirm' ? state.target : undefined;
  const confirmAmount = state.step === 'confirm' ? state.amount : undefined;
  const cashOut = useCashOutPanel(services, reload);
  const pendingCashOuts = usePendingCashOuts(services);
  // With a merchant PIN, every way of taking money out asks for it (docs/behaviour.md "Merchant PIN").
  const { guard, prompt: pinPrompt } = usePinGate(services.lock);
  // Cancel token: from a pending row or from the token's own modal, PIN-gated like Withdraw.
  const cancelToken = useCancelToken(services, reload);
  const shownId = state.step === 'shown' ? state.shown.id : undefined;
  const shownAmount = state.step === 'shown' ? state.shown.amount : undefined;
  const shownUnit = state.step === 'shown' ? state.shown.unit : undefined;
  // A sale's receipt, opened from its History row.
  const [receiptSale, setReceiptSale] = useState<HistoryEvent | null>(null);
  const { config, historyRange, books } = services.storage;
  const clock = services.clock ?? Date.now;
  const receiptSources = useMemo(
    () => ({
      ...(config.getShopName ? { shopName: () => config.getShopName!() } : {}),
      ...(books ? { shopDetails: () => books.get() } : {}),
      ...(historyRange ? { historyRange } : {}),
      clock,
      logger,
    }),
    [config, books, historyRange, clock, logger],
  );
  const receipt = useReceipt(receiptSale, receiptSources);
  // The refund token RefundEcashForm made, so its modal says refund, not withdraw (issue 48).
  const [refundToken, setRefundToken] = useState<string | null>(null);
  // Names only for the list of several mints (shown when sats sit outside the current one).
  const otherMints = [
    ...new Set([...Object.keys(data.balances), ...data.unitBalances.map((b) => b.mintUrl)]),
  ];
  const mintNames = useMintNames(
    otherMints.some((url) => data.currentMint !== '' && !sameMint(url, data.currentMint))
      ? otherMints
      : [],
    services.mintName,
  );
  const shownRefund = state.step === 'shown' && state.shown.token === refundToken;

  // A refund of the whole sale, or of one line (`part`): its sats and the line its record names.
  const refund = async (part?: { sats: number; line: RefundedLine }) => {
    if (receipt.status !== 'ready' || !receiptSale) return;
    // A cashier at the till cannot refund (docs/security.md "Staff and roles").
    if (services.staff && !(await services.staff.allows('refund'))) {
      void toast.error(t(REFUND_NOT_ALLOWED));
      return;
    }
    // Who refunds, kept in the refund's metadata (decision 0066).
    const who = services.staff ? await services.staff.current() : undefined;
    const target = {
      sale: receiptSale,
      refunds: receipt.refunds,
      left: part ? part.sats : receipt.receipt.leftSats,
      link: {
        refundOf: receiptSale.id,
        method: 'lightning' as const,
        reference: receipt.receipt.reference,
        ...(receipt.receipt.number ? { receiptNumber: receipt.receipt.number } : {}),
        ...(part ? { lines: [part.line] } : {}),
        ...(who ? { staff: who } : {}),
      },
    };
    setReceiptSale(null);
    // Money out: behind the PIN like Cash out (docs/behaviour.md "Merchant PIN").
    guard(() => cashOut.openRefund(target));
  };

  // Both balance lists mark the current mint, name the mints and wait while the wallet is busy.
  const balanceRows = { currentMint: data.currentMint, names: mintNames, busy };
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t(WALLET_TITLE)}</h1>

      {services.storage.phraseCheck && services.storage.keys ? (
        <PhraseReminder
          phraseCheck={services.storage.phraseCheck}
          keys={services.storage.keys}
          clock={services.clock ?? Date.now}
          logger={logger}
        />
      ) : null}

      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm font-medium text-slate-600">{t(CURRENT_BALANCE)}</p>
        <p
          className="text-4xl font-bold tabular-nums text-violet-700"
          data-testid="wallet-balance"
          data-unit={headline.lead.unit}
        >
          {amountText(headline.lead)}
        </p>
        <UnitBalances
          balances={data.unitBalances}
          {...balanceRows}
          // Dollars leave as dollars: a token in the unit, or a melt quoted in it (PIN first).
          {...(services.withdraw.unitAvailability
            ? {
                onWithdraw: (unit: FiatUnit, mintUrl?: string) => {
                  opener.remember();
                  guard(() => void withdraw.chooseInUnit(unit, mintUrl));
                },
              }
            : {})}
          onCashOut={(unit, mintUrl) => guard(() => cashOut.openUnit(unit, mintUrl))}
        />
        {data.failed ? (
          <p role="status" className="text-sm text-amber-700">
            {t(LOAD_FAILED_HINT)}
          </p>
        ) : null}
        {/* A till charging in another unit lists its sats, with their figures, only when held. */}
        {headline.lead.unit !== SAT && headline.showSats ? (
          <p
            className="text-2xl font-bold tabular-nums text-violet-700"
            data-testid="wallet-sat-balance"
          >
            {sats(data.balance)}
          </p>
        ) : null}
        {headline.showSats ? (
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <Figure label={t(AVAILABLE_LABEL)} testId="wallet-available">
              {sats(data.available)}
            </Figure>
            <Figure label={t(PENDING_LABEL)} testId="wallet-pending">
              {sats(data.pendingSats)}
            </Figure>
            {data.atMint > 0 ? (
              <Figure label={t(PENDING_AT_MINT_LABEL)} testId="wallet-at-mint">
                {sats(data.atMint)}
              </Figure>
            ) : null}
          </dl>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {headline.showSats ? (
            <>
              <Button
                onClick={(event) => {
                  opener.remember(event.currentTarget);
                  guard(() => withdraw.choose(data.available));
                }}
                // Nothing a new token could take: every sat is already in a pending token, or none.
                disabled={busy || data.loading || data.available === 0}
                aria-busy={busy}
              >
                {t(WITHDRAW)}
              </Button>
              <CashOutButton onOpen={() => guard(cashOut.open)} disabled={busy} />
            </>
          ) : null}
          <Button
            variant="outline"
            onClick={() => void refresh()}
            disabled={data.loading || checking}
            aria-busy={checking}
          >
            {t(REFRESH)}
          </Button>
        </div>
      </div>

      <MintBalances
        balances={data.balances}
        {...balanceRows}
        onWithdraw={(mintUrl) => {
          opener.remember();
          guard(() => void withdraw.start(mintUrl));
        }}
      />
      <PendingCashOuts pending={pendingCashOuts} />

      <PendingWithdrawals
        pending={data.pending}
        onShow={(w) => {
          opener.remember();
          guard(() =>
            withdraw.show({
              token: w.token,
              amount: w.amount,
              id: w.id,
              ...(w.unit && isFiatUnit(w.unit) ? { unit: w.unit } : {}),
            }),
          );
        }}
        onCancel={(w) => {
          opener.remember();
          const unit = w.unit && isFiatUnit(w.unit) ? { unit: w.unit } : {};
          guard(() => cancelToken.ask({ id: w.id, amount: w.amount, ...unit }));
        }}
        outcome={cancelToken.outcome}
      />

      {services.foreignFailed ? (
        <ForeignFailed
          service={services.foreignFailed}
          events={services.events}
          logger={logger}
          guard={guard}
        />
      ) : null}

      {services.offlineEcash ? (
        <OfflineSales service={services.offlineEcash} events={services.events} logger={logger} />
      ) : null}

      {services.staff ? (
        <ShiftPanel
          till={services.staff}
          currency={shiftCurrency}
          {...(readTillUnit ? { tillUnit: readTillUnit } : {})}
          logger={logger}
        />
      ) : null}

      {services.storage.historyRange ? (
        <RecordsPanel
          reader={services.storage.historyRange}
          clock={services.clock ?? Date.now}
          logger={logger}
          {...(staffList ? { people: staffList } : {})}
        />
      ) : null}

      <HistoryList
        history={data.history}
        page={page}
        onPage={setPage}
        loading={data.loading}
        onReceipt={setReceiptSale}
      />
      <ReceiptDialog
        open={receiptSale !== null}
        state={receipt}
        onClose={() => setReceiptSale(null)}
        logger={logger}
        actions={
          receipt.status === 'ready' && receipt.receipt.leftSats > 0 && receiptSale ? (
            <>
              <Button variant="secondary" onClick={() => void refund()}>
                {t(REFUND)}
              </Button>
              <RefundLineButtons
                lines={receiptSale.sale?.lines ?? []}
                left={receipt.receipt.leftSats}
                onRefund={(sats, line) => void refund({ sats, line })}
              />
            </>
          ) : null
        }
      />

      <CashOutPanel
        flow={cashOut}
        ecashRefund={(target) => (
          <RefundEcashForm
            target={target}
            withdraw={services.withdraw}
            logger={logger}
            onToken={(shown) => {
              cashOut.close();
              reload();
              setRefundToken(shown.token);
              withdraw.show(shown);
            }}
            onCancel={cashOut.close}
          />
        )}
      />
      <WithdrawAmount
        available={state.step === 'choose' ? state.available : null}
        unit={state.step === 'choose' ? state.unit : undefined}
        onConfirm={(amount) =>
          void withdraw.confirmAmount(
            amount,
            state.step === 'choose' ? state.available : amount,
            state.step === 'choose' ? state.unit : undefined,
            state.step === 'choose' ? state.mintUrl : undefined,
          )
        }
        onCancel={withdraw.close}
      />
      <ConsolidationConfirm
        plan={state.step === 'confirm' ? state.plan : null}
        onCombine={() => void withdraw.build(true, confirmedFee, confirmTarget, confirmAmount)}
        onAsIs={() => void withdraw.build(false, 0, confirmTarget, confirmAmount)}
        onCancel={withdraw.close}
        returnFocusTo={opener.returnFocusTo}
      />
      <WithdrawModal
        token={state.step === 'shown' ? state.shown.token : null}
        amount={state.step === 'shown' ? state.shown.amount : undefined}
        amountText={
          state.step === 'shown' && state.shown.unit
            ? amountText(amountOf(state.shown.amount, state.shown.unit))
            : undefined
        }
        onClose={withdraw.close}
        {...(shownRefund ? { texts: REFUND_TOKEN_TEXTS } : {})}
        onCopyError={(error) => logger.error('Failed to copy token:', error)}
        notice={
          <div className="space-y-2">
            <p>{t(WAITING_NOTICE)}</p>
            {shownId !== undefined ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  const target = {
                    id: shownId,
                    amount: shownAmount ?? 0,
                    ...(shownUnit ? { unit: shownUnit } : {}),
                  };
                  withdraw.close();
                  guard(() => cancelToken.ask(target));
                }}
              >
                {t(CANCEL_TOKEN)}
              </Button>
            ) : null}
          </div>
        }
        returnFocusTo={opener.returnFocusTo}
      />
      <CancelTokenConfirm
        target={cancelToken.target}
        busy={cancelToken.busy}
        onConfirm={() => void cancelToken.confirm()}
        onKeep={cancelToken.dismiss}
        returnFocusTo={opener.returnFocusTo}
      />
      {pinPrompt}
    </section>
  );
}

/** One figure of the balance line: its label, then the sats in bold. */
function Figure({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
