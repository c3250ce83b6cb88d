// Asks before a pending token is cancelled: whoever holds it can no longer redeem it afterwards.
import { Button } from '../../ui/Button';
import { ConfirmActions, ConfirmDialog } from '../../ui/ConfirmDialog';
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
        <>
          <p>{cancelTokenQuestion(token.amount)}</p>
          <ConfirmActions>
            <Button className="sm:flex-1" onClick={onConfirm} disabled={busy} aria-busy={busy}>
              {busy ? CANCELLING_TOKEN : CANCEL_TOKEN}
            </Button>
            <Button variant="outline" className="sm:flex-1" onClick={onKeep} disabled={busy}>
              {KEEP_TOKEN}
            </Button>
          </ConfirmActions>
        </>
      )}
    </ConfirmDialog>
  );
}
