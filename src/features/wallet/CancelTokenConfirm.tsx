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
} from './locales/wallet/en.json';

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
  const { t, formats } = useWalletWords();
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
          question={t(CANCEL_TOKEN_QUESTION, {
            count: token.amount,
            sats: formats.sats(token.amount),
          })}
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
