// Wallet (/wallet): balance, withdraw as an animated QR token, pending withdrawals (shown again or
// cancelled), paginated history.
import { useCallback, useMemo, useState } from 'react';
import type { HistoryEvent } from '../../core/history-ports';
import { Button } from '../../ui/Button';
import { usePinGate } from '../../ui/pin-gate';
import { ReceiptDialog } from '../../ui/ReceiptDialog';
import { WithdrawModal } from '../../ui/WithdrawModal';
import {
  CashOutButton,
  CashOutPanel,
  PendingCashOuts,
  useCashOutPanel,
  usePendingCashOuts,
} from './CashOutPanel';
import { toast } from '../../ui/toast';
import { ConsolidationConfirm } from './ConsolidationConfirm';
import type { WalletServices } from './deps';
import { HistoryList } from './HistoryList';
import { MintBalances } from './MintBalances';
import { ForeignFailed } from './ForeignFailed';
import { PendingWithdrawals } from './PendingWithdrawals';
import { PhraseReminder } from './PhraseReminder';
import { RecordsPanel } from './RecordsPanel';
import { RefundEcashForm } from './RefundEcashForm';
import { REFUND } from './receipt-texts.json';
import { useReceipt } from './use-receipt';
import { WithdrawAmount } from './WithdrawAmount';
import { CancelTokenConfirm } from './CancelTokenConfirm';
import { useCancelToken } from './use-cancel-token';
import {
  CURRENT_BALANCE,
  PENDING_AT_MINT_LABEL,
  PENDING_LABEL,
  LOAD_FAILED_HINT,
  REFRESH,
  WAITING_NOTICE,
  WALLET_TITLE,
  WITHDRAW,
} from './texts.json';
import { AVAILABLE_LABEL, CANCEL_TOKEN, satsText, stateCheckFailed } from './texts';
import { useWalletData, type FirstWalletRead } from './use-wallet-data';
import { useWithdraw } from './use-withdraw';
import { useReturnFocus } from '../../ui/use-return-focus';

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
  const [page, setPage] = useState(1);
  const data = useWalletData(services, page, first);
  const { reload } = data;
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
          void toast.error(stateCheckFailed(mintUrl, error), { toastId: `state-check:${mintUrl}` });
        }
      } finally {
        setChecking(false);
      }
    }
    reload();
  }, [proofStates, reload]);
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
  // A sale's receipt, opened from its History row.
  const [receiptSale, setReceiptSale] = useState<HistoryEvent | null>(null);
  const { config, historyRange } = services.storage;
  const clock = services.clock ?? Date.now;
  const receiptSources = useMemo(
    () => ({
      ...(config.getShopName ? { shopName: () => config.getShopName!() } : {}),
      ...(historyRange ? { historyRange } : {}),
      clock,
      logger,
    }),
    [config, historyRange, clock, logger],
  );
  const receipt = useReceipt(receiptSale, receiptSources);

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{WALLET_TITLE}</h1>

      {services.storage.phraseCheck && services.storage.keys ? (
        <PhraseReminder
          phraseCheck={services.storage.phraseCheck}
          keys={services.storage.keys}
          clock={services.clock ?? Date.now}
          logger={logger}
        />
      ) : null}

      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm font-medium text-slate-600">{CURRENT_BALANCE}</p>
        <p className="text-4xl font-bold tabular-nums text-violet-700" data-testid="wallet-balance">
          {satsText(data.balance)}
        </p>
        {data.failed ? (
          <p role="status" className="text-sm text-amber-700">
            {LOAD_FAILED_HINT}
          </p>
        ) : null}
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <Figure label={AVAILABLE_LABEL} testId="wallet-available">
            {satsText(data.available)}
          </Figure>
          <Figure label={PENDING_LABEL} testId="wallet-pending">
            {satsText(data.pendingSats)}
          </Figure>
          {data.atMint > 0 ? (
            <Figure label={PENDING_AT_MINT_LABEL} testId="wallet-at-mint">
              {satsText(data.atMint)}
            </Figure>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={(event) => {
              opener.remember(event.currentTarget);
              guard(() => withdraw.choose(data.available));
            }}
            // Nothing a new token could take: every sat is already in a pending token, or none.
            disabled={busy || data.loading || data.available === 0}
            aria-busy={busy}
          >
            {WITHDRAW}
          </Button>
          <CashOutButton onOpen={() => guard(cashOut.open)} disabled={busy} />
          <Button
            variant="outline"
            onClick={() => void refresh()}
            disabled={data.loading || checking}
            aria-busy={checking}
          >
            {REFRESH}
          </Button>
        </div>
      </div>

      <MintBalances
        balances={data.balances}
        currentMint={data.currentMint}
        busy={busy}
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
          guard(() => withdraw.show({ token: w.token, amount: w.amount, id: w.id }));
        }}
        onCancel={(w) => {
          opener.remember();
          guard(() => cancelToken.ask({ id: w.id, amount: w.amount }));
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

      {services.storage.historyRange ? (
        <RecordsPanel
          reader={services.storage.historyRange}
          clock={services.clock ?? Date.now}
          logger={logger}
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
            <Button
              variant="secondary"
              onClick={() => {
                const target = {
                  sale: receiptSale,
                  refunds: receipt.refunds,
                  left: receipt.receipt.leftSats,
                  link: {
                    refundOf: receiptSale.id,
                    method: 'lightning' as const,
                    reference: receipt.receipt.reference,
                  },
                };
                setReceiptSale(null);
                // Money out: behind the PIN like Cash out (docs/behaviour.md "Merchant PIN").
                guard(() => cashOut.openRefund(target));
              }}
            >
              {REFUND}
            </Button>
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
              withdraw.show(shown);
            }}
            onCancel={cashOut.close}
          />
        )}
      />
      <WithdrawAmount
        available={state.step === 'choose' ? state.available : null}
        onConfirm={(amount) =>
          void withdraw.confirmAmount(amount, state.step === 'choose' ? state.available : amount)
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
        onClose={withdraw.close}
        onCopyError={(error) => logger.error('Failed to copy token:', error)}
        notice={
          <div className="space-y-2">
            <p>{WAITING_NOTICE}</p>
            {shownId !== undefined ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  const target = { id: shownId, amount: shownAmount ?? 0 };
                  withdraw.close();
                  guard(() => cancelToken.ask(target));
                }}
              >
                {CANCEL_TOKEN}
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
