// Asks before a consolidation swap that costs a mint fee (the fee is shown before confirming).
import type { ConsolidationPlan, WithdrawPlan } from '../../core/wallet/withdraw/withdraw-plan';
import { Button } from '../../ui/Button';
import { ConfirmActions, ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ModalProps } from '../../ui/Modal';
import { CANCEL, CONFIRM_AS_IS, CONFIRM_COMBINE, CONFIRM_TITLE } from './texts.json';
import { satsText } from './texts';

export interface ConsolidationConfirmProps {
  plan: (WithdrawPlan & { consolidation: ConsolidationPlan }) | null;
  onCombine: () => void;
  onAsIs: () => void;
  onCancel: () => void;
  returnFocusTo?: ModalProps['returnFocusTo'];
}

export function ConsolidationConfirm({
  plan,
  onCombine,
  onAsIs,
  onCancel,
  returnFocusTo,
}: ConsolidationConfirmProps) {
  return (
    <ConfirmDialog
      subject={plan}
      onClose={onCancel}
      title={CONFIRM_TITLE}
      returnFocusTo={returnFocusTo}
      testId="consolidation-notice"
    >
      {({ amount, proofCount, consolidation: c }) => (
        <>
          <p>
            Your {satsText(amount)} are held in {proofCount} proofs. Combining them into{' '}
            {c.proofCount} first makes the QR code much shorter, but the mint charges a fee of{' '}
            <strong data-testid="consolidation-fee">{satsText(c.fee)}</strong>: the token would hold{' '}
            {satsText(c.amount)}.
          </p>
          {c.required ? (
            <p>Some of these proofs must be combined before they can be put into a token.</p>
          ) : null}
          <ConfirmActions>
            <Button className="sm:flex-1" onClick={onCombine}>
              {CONFIRM_COMBINE}
            </Button>
            {c.required ? null : (
              <Button variant="outline" className="sm:flex-1" onClick={onAsIs}>
                {CONFIRM_AS_IS}
              </Button>
            )}
            <Button variant="ghost" onClick={onCancel}>
              {CANCEL}
            </Button>
          </ConfirmActions>
        </>
      )}
    </ConfirmDialog>
  );
}
