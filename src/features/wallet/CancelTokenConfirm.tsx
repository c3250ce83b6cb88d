// Asks before a pending token is cancelled: whoever holds it can no longer redeem it afterwards.
import { ConfirmDialog, ConfirmQuestion } from '../../ui/ConfirmDialog';
import type { ModalProps } from '../../ui/Modal';
import { CANCEL_TOKEN_TITLE, CANCELLING_TOKEN, KEEP_TOKEN } from './texts.json';
import { CANCEL_TOKEN, cancelTokenQuestion } from './texts';
import type { CancelTarget } from './use-cancel-token';

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
  return (
    <ConfirmDialog
      subject={target}
      onClose={onKeep}
      title={CANCEL_TOKEN_TITLE}
      returnFocusTo={returnFocusTo}
      testId="cancel-token-confirm"
    >
      {(token) => (
        <ConfirmQuestion
          question={cancelTokenQuestion(token.amount)}
          confirm={busy ? CANCELLING_TOKEN : CANCEL_TOKEN}
          keep={KEEP_TOKEN}
          onConfirm={onConfirm}
          onKeep={onKeep}
          busy={busy}
        />
      )}
    </ConfirmDialog>
  );
}
