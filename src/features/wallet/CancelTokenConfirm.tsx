// Asks before a pending token is cancelled: whoever holds it can no longer redeem it afterwards.
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import {
  CANCEL_TOKEN,
  CANCEL_TOKEN_TITLE,
  CANCELLING_TOKEN,
  KEEP_TOKEN,
  cancelTokenQuestion,
} from './texts';
import type { CancelTarget } from './use-cancel-token';

export interface CancelTokenConfirmProps {
  target: CancelTarget | null;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  /** Where focus goes on close (see Modal). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export function CancelTokenConfirm({
  target,
  busy,
  onConfirm,
  onKeep,
  returnFocusTo,
}: CancelTokenConfirmProps) {
  return (
    <Modal
      open={target !== null}
      onClose={onKeep}
      title={CANCEL_TOKEN_TITLE}
      returnFocusTo={returnFocusTo}
    >
      {target ? (
        <div className="space-y-4 text-sm text-slate-700" data-testid="cancel-token-confirm">
          <p>{cancelTokenQuestion(target.amount)}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="sm:flex-1" onClick={onConfirm} disabled={busy} aria-busy={busy}>
              {busy ? CANCELLING_TOKEN : CANCEL_TOKEN}
            </Button>
            <Button variant="outline" className="sm:flex-1" onClick={onKeep} disabled={busy}>
              {KEEP_TOKEN}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
