// Withdraw modal (docs/behaviour.md "Withdraw"): animated QR of an ecash token, copy and close; the
// Wallet's hand-back of a customer's token is the same view with its own texts and action.
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
  /** Another token handed over (a customer's, back): its title, labels and test ids. */
  texts?: TokenModalTexts;
  /** A button above Copy Token, e.g. "Handed back". */
  action?: ReactNode;
}

export interface TokenModalTexts {
  title: string;
  tokenLabel: string;
  qrLabel: string;
  amountTestId: string;
  testId?: string;
}

export const WITHDRAW_MODAL_TITLE = 'Scan to withdraw';
export const WITHDRAW_QR_SIZE = 240;
/** Heads the QR code (the token it shows is what Copy Token copies). */
export const WITHDRAW_TOKEN_LABEL = 'Ecash Token:';

const WITHDRAW_TEXTS: TokenModalTexts = {
  title: WITHDRAW_MODAL_TITLE,
  tokenLabel: WITHDRAW_TOKEN_LABEL,
  qrLabel: 'Withdraw token QR code',
  amountTestId: 'withdraw-amount',
};

export function WithdrawModal({
  token,
  onClose,
  amount,
  onCopyError,
  notice,
  returnFocusTo,
  texts = WITHDRAW_TEXTS,
  action,
}: WithdrawModalProps) {
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

  return (
    <Modal
      open={token !== null}
      onClose={onClose}
      title={texts.title}
      returnFocusTo={returnFocusTo}
    >
      {token !== null ? (
        <div className="flex flex-col items-center gap-4" data-testid={texts.testId}>
          <ModalAmount amount={amount} testId={texts.amountTestId} />
          <div className="flex w-full flex-col items-center gap-1">
            <CopyLabel copied={copiedText === token}>{texts.tokenLabel}</CopyLabel>
            <AnimatedQr value={token} size={WITHDRAW_QR_SIZE} label={texts.qrLabel} />
          </div>
          {notice ? (
            <div className="w-full rounded-lg bg-violet-50 p-3 text-sm text-violet-900">
              {notice}
            </div>
          ) : null}
          {action}
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
