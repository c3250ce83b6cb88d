// Asks before a pending token is cancelled: whoever holds it can no longer redeem it afterwards.
import { ConfirmDialog, ConfirmQuestion } from '../../ui/ConfirmDialog';
import type { ModalProps } from '../../ui/Modal';
import { useWalletWords } from './wallet-words';
import type { CancelTarget } from './use-cancel-token';
import {
  CANCELLING_TOKEN,
  CANCEL_TOKEN,
  CANCEL_TOKEN_QUESTION,
  CANCEL_TOKEN_TITLE,
  KEEP_TOKEN,
  CANCEL_TOKEN_UNIT_QUESTION,
} from './locales/wallet/en.json';
import { amountOf } from '../../core/units/amount';

export interface CancelTokenConfirmProps {
  target: CancelTarget | null;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  returnFocusTo?: ModalProps['returnFocusTo'];
}

export function CancelTokenConfirm({
  target,
  busy,
  onConfirm,
  onKeep,
  returnFocusTo,
}: CancelTokenConfirmProps) {
  const { t, formats, amount } = useWalletWords();
  return (
    <ConfirmDialog
      subject={target}
      onClose={onKeep}
      title={t(CANCEL_TOKEN_TITLE)}
      returnFocusTo={returnFocusTo}
      testId="cancel-token-confirm"
    >
      {(token) => (
        <ConfirmQuestion
          question={
            // A token in a fiat unit says its amount in it (decision 0090).
            token.unit
              ? t(CANCEL_TOKEN_UNIT_QUESTION, {
                  amount: amount(amountOf(token.amount, token.unit)),
                })
              : t(CANCEL_TOKEN_QUESTION, { count: token.amount, sats: formats.sats(token.amount) })
          }
          confirm={busy ? t(CANCELLING_TOKEN) : t(CANCEL_TOKEN)}
          keep={t(KEEP_TOKEN)}
          onConfirm={onConfirm}
          onKeep={onKeep}
          busy={busy}
        />
      )}
    </ConfirmDialog>
  );
}
