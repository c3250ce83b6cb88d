// Withdraw modal (docs/behaviour.md "Withdraw"): animated QR of an ecash token, copy and close.
import type { ReactNode } from 'react';
import { AnimatedQr } from './AnimatedQr';
import { CopyCloseButtons, CopyLabel, ModalAmount } from './CopyParts';
import { Modal } from './Modal';
import { useCopyToClipboard } from './use-copy';

export interface WithdrawModalProps {
  /** The encoded token; the modal is open while this is non-null. */
  token: string | null;
  /** Escape, backdrop click and the Close button. */
  onClose: () => void;
  /** Token amount in sats, shown above the QR code. */
  amount?: number;
  /** Clipboard failures go here only (logged, nothing shown: docs/behaviour.md "Withdraw"). */
  onCopyError?: (error: unknown) => void;
  /** Optional extra content under the QR code, e.g. a fee or "waiting for redemption" notice. */
  notice?: ReactNode;
  /** Where focus goes on close (see Modal). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export const WITHDRAW_MODAL_TITLE = 'Scan to withdraw';
export const WITHDRAW_QR_SIZE = 240;
/** Heads the QR code (the token it shows is what Copy Token copies). */
export const WITHDRAW_TOKEN_LABEL = 'Ecash Token:';

export function WithdrawModal({
  token,
  onClose,
  amount,
  onCopyError,
  notice,
  returnFocusTo,
}: WithdrawModalProps) {
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

  return (
    <Modal
      open={token !== null}
      onClose={onClose}
      title={WITHDRAW_MODAL_TITLE}
      returnFocusTo={returnFocusTo}
    >
      {token !== null ? (
        <div className="flex flex-col items-center gap-4">
          <ModalAmount amount={amount} testId="withdraw-amount" />
          <div className="flex w-full flex-col items-center gap-1">
            <CopyLabel copied={copiedText === token}>{WITHDRAW_TOKEN_LABEL}</CopyLabel>
            <AnimatedQr value={token} size={WITHDRAW_QR_SIZE} label="Withdraw token QR code" />
          </div>
          {notice ? (
            <div className="w-full rounded-lg bg-violet-50 p-3 text-sm text-violet-900">
              {notice}
            </div>
          ) : null}
          <CopyCloseButtons
            copyLabel="Copy Token"
            onCopy={() => void copy(token)}
            onClose={onClose}
          />
        </div>
      ) : null}
    </Modal>
  );
}
