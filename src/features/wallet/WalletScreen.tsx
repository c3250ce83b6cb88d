// Wallet (/wallet): balance, withdraw as an animated QR token, pending withdrawals, paginated history.
import { useCallback, useState } from 'react';
import { Button } from '../../ui/Button';
import { usePinGate } from '../../ui/pin-gate';
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
import { PendingWithdrawals } from './PendingWithdrawals';
import { PhraseReminder } from './PhraseReminder';
import {
  CURRENT_BALANCE,
  LOAD_FAILED_HINT,
  REFRESH,
  WAITING_NOTICE,
  WALLET_TITLE,
  WITHDRAW,
  satsText,
} from './texts';
import { useWalletData } from './use-wallet-data';
import { useWithdraw } from './use-withdraw';

export function WalletScreen({ services }: { services: WalletServices }) {
  const { logger } = services;
  const [page, setPage] = useState(1);
  const data = useWalletData(services, page);
  const { reload } = data;
  // A withdraw error is logged; a short toast with the same text keeps the button from seeming
  // dead.
  const onError = useCallback((message: string) => void toast.error(message), []);
  const withdraw = useWithdraw(services, reload, onError);
  const { state } = withdraw;
  const busy = state.step === 'busy';
  // The fee on the notice is the most the swap may charge.
  const confirmedFee = state.step === 'confirm' ? state.plan.consolidation.fee : 0;
  const confirmTarget = state.step === 'confirm' ? state.target : undefined;
  const cashOut = useCashOutPanel(services, reload);
  const pendingCashOuts = usePendingCashOuts(services);
  // With a merchant PIN, every way of taking money out asks for it (docs/behaviour.md "Merchant PIN").
  const { guard, prompt: pinPrompt } = usePinGate(services.lock);

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
        <div className="flex gap-2">
          <Button
            onClick={() => guard(() => void withdraw.start())}
            disabled={busy}
            aria-busy={busy}
          >
            {WITHDRAW}
          </Button>
          <CashOutButton onOpen={() => guard(cashOut.open)} disabled={busy} />
          <Button variant="outline" onClick={reload} disabled={data.loading}>
            {REFRESH}
          </Button>
        </div>
      </div>

      <MintBalances
        balances={data.balances}
        currentMint={data.currentMint}
        busy={busy}
        onWithdraw={(mintUrl) => guard(() => void withdraw.start(mintUrl))}
      />
      <PendingCashOuts pending={pendingCashOuts} />

      <PendingWithdrawals
        pending={data.pending}
        onShow={(w) => guard(() => withdraw.show({ token: w.token, amount: w.amount }))}
      />

      <HistoryList history={data.history} page={page} onPage={setPage} loading={data.loading} />

      <CashOutPanel flow={cashOut} />
      <ConsolidationConfirm
        plan={state.step === 'confirm' ? state.plan : null}
        onCombine={() => void withdraw.build(true, confirmedFee, confirmTarget)}
        onAsIs={() => void withdraw.build(false, 0, confirmTarget)}
        onCancel={withdraw.close}
      />
      <WithdrawModal
        token={state.step === 'shown' ? state.shown.token : null}
        amount={state.step === 'shown' ? state.shown.amount : undefined}
        onClose={withdraw.close}
        onCopyError={(error) => logger.error('Failed to copy token:', error)}
        notice={WAITING_NOTICE}
      />
      {pinPrompt}
    </section>
  );
}
