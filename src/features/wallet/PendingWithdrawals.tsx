// Tokens built but not redeemed yet: they stay in the balance; each can be shown again or
// cancelled (its sats, or its cents of a fiat unit, taken back).
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import { Button } from '../../ui/Button';
import { NoticeList } from '../../ui/NoticeList';
import { useWalletWords } from './wallet-words';
import { amountOf } from '../../core/units/amount';
import { CANCEL_TOKEN, PENDING_NOTE, PENDING_TITLE, SHOW_QR } from './locales/wallet/en.json';

export interface PendingWithdrawalsProps {
  pending: PendingWithdrawal[];
  onShow: (withdrawal: PendingWithdrawal) => void;
  /** takes the token's amount back, in its unit (asks first); omitted: no Cancel token button */
  onCancel?: (withdrawal: PendingWithdrawal) => void;
  /** what the last cancel did, read out to screen readers and shown under the list */
  outcome?: string | null;
}

export function PendingWithdrawals({
  pending,
  onShow,
  onCancel,
  outcome,
}: PendingWithdrawalsProps) {
  const { t, sats: satsText, amount } = useWalletWords();
  // A token of another unit reads in it ("1.00 USD"), never as sats.
  const figuresOf = (w: PendingWithdrawal) => ({
    sats: w.unit ? amount(amountOf(w.amount, w.unit)) : satsText(w.amount),
    at: new Date(w.createdAt).toLocaleString(),
  });
  return (
    <NoticeList
      card={{ id: 'pending-withdrawals', title: t(PENDING_TITLE), note: t(PENDING_NOTE) }}
      rows={pending}
      layout="inline"
      figures={figuresOf}
      row={(w) => (
        <span className="ml-auto flex shrink-0 gap-1 whitespace-nowrap">
          <Button variant="ghost" size="sm" onClick={() => onShow(w)}>
            {t(SHOW_QR)}
          </Button>
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={() => onCancel(w)}>
              {t(CANCEL_TOKEN)}
            </Button>
          ) : null}
        </span>
      )}
      outcome={outcome}
      outcomeTestId="cancel-token-outcome"
    />
  );
}
