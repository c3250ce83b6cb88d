// Asks before a consolidation swap that costs a mint fee (the fee is shown before confirming).
import type { ConsolidationPlan, WithdrawPlan } from '../../core/wallet/withdraw/withdraw-plan';
import { Button } from '../../ui/Button';
import { ConfirmActions, ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ModalProps } from '../../ui/Modal';
import { useWalletWords } from './wallet-words';

/** Stands for the fee in the sentence, so the fee alone can be bold in any word order. */
const FEE_MARK = '\u0000';
import {
  CANCEL,
  CONFIRM_AS_IS,
  CONFIRM_COMBINE,
  CONFIRM_TITLE,
  CONSOLIDATE_REQUIRED,
  CONSOLIDATE_TEXT,
} from './locales/wallet/en.json';

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
  const { t, sats } = useWalletWords();
  return (
    <ConfirmDialog
      subject={plan}
      onClose={onCancel}
      title={t(CONFIRM_TITLE)}
      returnFocusTo={returnFocusTo}
      testId="consolidation-notice"
    >
      {({ amount, proofCount, consolidation: c }) => (
        <>
          <p>
            {t(CONSOLIDATE_TEXT, {
              amount: sats(amount),
              proofs: proofCount,
              combined: c.proofCount,
              fee: FEE_MARK,
              left: sats(c.amount),
            })
              .split(FEE_MARK)
              .flatMap((part, index) =>
                index === 0
                  ? [part]
                  : [
                      <strong key="fee" data-testid="consolidation-fee">
                        {sats(c.fee)}
                      </strong>,
                      part,
                    ],
              )}
          </p>
          {c.required ? <p>{t(CONSOLIDATE_REQUIRED)}</p> : null}
          <ConfirmActions>
            <Button className="sm:flex-1" onClick={onCombine}>
              {t(CONFIRM_COMBINE)}
            </Button>
            {c.required ? null : (
              <Button variant="outline" className="sm:flex-1" onClick={onAsIs}>
                {t(CONFIRM_AS_IS)}
              </Button>
            )}
            <Button variant="ghost" onClick={onCancel}>
              {t(CANCEL)}
            </Button>
          </ConfirmActions>
        </>
      )}
    </ConfirmDialog>
  );
}
