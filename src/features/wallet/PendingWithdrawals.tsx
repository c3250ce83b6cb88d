// Tokens built but not redeemed yet: they stay in the balance; each can be shown again or
// cancelled (its sats taken back).
import type { PendingWithdrawal } from '../../core/ports';
import { Button } from '../../ui/Button';
import { CANCEL_TOKEN, PENDING_NOTE, PENDING_TITLE, SHOW_QR, satsText } from './texts';

export interface PendingWithdrawalsProps {
  pending: PendingWithdrawal[];
  onShow: (withdrawal: PendingWithdrawal) => void;
  /** takes the token's sats back (asks first); omitted: no Cancel token button */
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
  if (pending.length === 0 && outcome) {
    return (
      <p role="status" className="text-sm text-slate-700" data-testid="cancel-token-outcome">
        {outcome}
      </p>
    );
  }
  if (pending.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-withdrawals"
      className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4"
      data-testid="pending-withdrawals"
    >
      <h2 id="pending-withdrawals" className="font-semibold text-amber-900">
        {PENDING_TITLE}
      </h2>
      <p className="text-sm text-amber-900">{PENDING_NOTE}</p>
      <ul className="space-y-1">
        {pending.map((w) => (
          // On a phone the buttons wrap under the amount and time rather than squeezing them.
          <li key={w.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="whitespace-nowrap tabular-nums font-medium text-slate-900">
              {satsText(w.amount)}
            </span>
            <span className="text-slate-600">{new Date(w.createdAt).toLocaleString()}</span>
            <span className="ml-auto flex shrink-0 gap-1 whitespace-nowrap">
              <Button variant="ghost" size="sm" onClick={() => onShow(w)}>
                {SHOW_QR}
              </Button>
              {onCancel ? (
                <Button variant="outline" size="sm" onClick={() => onCancel(w)}>
                  {CANCEL_TOKEN}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {outcome ? (
        <p role="status" className="text-sm text-slate-700" data-testid="cancel-token-outcome">
          {outcome}
        </p>
      ) : null}
    </section>
  );
}
