// Tokens built but not redeemed yet: they stay in the balance; each can be shown again.
import type { PendingWithdrawal } from '../../core/ports';
import { Button } from '../../ui/Button';
import { PENDING_NOTE, PENDING_TITLE, SHOW_QR, satsText } from './texts';

export interface PendingWithdrawalsProps {
  pending: PendingWithdrawal[];
  onShow: (withdrawal: PendingWithdrawal) => void;
}

export function PendingWithdrawals({ pending, onShow }: PendingWithdrawalsProps) {
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
          <li key={w.id} className="flex items-center justify-between gap-2 text-sm">
            <span className="tabular-nums font-medium text-slate-900">{satsText(w.amount)}</span>
            <span className="text-slate-600">{new Date(w.createdAt).toLocaleString()}</span>
            <Button variant="ghost" size="sm" onClick={() => onShow(w)}>
              {SHOW_QR}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
