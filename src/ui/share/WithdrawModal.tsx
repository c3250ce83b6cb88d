// Withdraw modal (docs/behaviour.md "Withdraw"): animated QR of an ecash token, copy and close; the
// Wallet's hand-back of a customer's token is the same view with its own texts and action.
import type { ReactNode } from 'react';
import { AnimatedQr } from './AnimatedQr';
import { CopyCloseButtons, CopyLabel, ModalAmount } from './CopyParts';
import { useTexts } from '../i18n';
import {
  COPY_TOKEN,
  REFUND_MODAL_TITLE,
  REFUND_QR_LABEL,
  REFUND_TOKEN_LABEL,
  WITHDRAW_MODAL_TITLE,
  WITHDRAW_QR_LABEL,
  WITHDRAW_TOKEN_LABEL,
} from '../locales/token/en.json';
import { Modal } from '../Modal';
import { useCopyToClipboard } from './use-copy';

export interface WithdrawModalProps {
  /** The encoded token; the modal is open while this is non-null. */
  token: string | null;
  /** Escape, backdrop click and the Close button. */
  onClose: () => void;
  /** Token amount in sats, shown above the QR code. */
  amount?: number;
  /** A token in another unit: its amount as written ("1.00 USD"), shown instead of `amount`. */
  amountText?: string | undefined;
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

/** Catalog texts (decision 0055), translated by the modal. */
export interface TokenModalTexts {
  title: string;
  tokenLabel: string;
  qrLabel: string;
  amountTestId: string;
  testId?: string;
}

export const WITHDRAW_QR_SIZE = 240;
const WITHDRAW_TEXTS: TokenModalTexts = {
  title: WITHDRAW_MODAL_TITLE,
  tokenLabel: WITHDRAW_TOKEN_LABEL,
  qrLabel: WITHDRAW_QR_LABEL,
  amountTestId: 'withdraw-amount',
};

/** A refund handed over as ecash: the customer's, so not titled as a withdrawal (issue 48). */
export const REFUND_TOKEN_TEXTS: TokenModalTexts = {
  title: REFUND_MODAL_TITLE,
  tokenLabel: REFUND_TOKEN_LABEL,
  qrLabel: REFUND_QR_LABEL,
  amountTestId: 'withdraw-amount',
  testId: 'refund-token',
};

export function WithdrawModal({
  token,
  onClose,
  amount,
  amountText,
  onCopyError,
  notice,
  returnFocusTo,
  texts = WITHDRAW_TEXTS,
  action,
}: WithdrawModalProps) {
  const t = useTexts();
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

  return (
    <Modal
      open={token !== null}
      onClose={onClose}
      title={t(texts.title)}
      returnFocusTo={returnFocusTo}
    >
      {token !== null ? (
        <div className="flex flex-col items-center gap-4" data-testid={texts.testId}>
          <ModalAmount amount={amount} text={amountText} testId={texts.amountTestId} />
          <div className="flex w-full flex-col items-center gap-1">
            <CopyLabel copied={copiedText === token}>{t(texts.tokenLabel)}</CopyLabel>
            <AnimatedQr value={token} size={WITHDRAW_QR_SIZE} label={t(texts.qrLabel)} />
          </div>
          {notice ? (
            <div className="w-full rounded-lg bg-violet-50 p-3 text-sm text-violet-900">
              {notice}
            </div>
          ) : null}
          {action}
          <CopyCloseButtons
            copyLabel={t(COPY_TOKEN)}
            onCopy={() => void copy(token)}
            onClose={onClose}
          />
        </div>
      ) : null}
    </Modal>
  );
}
