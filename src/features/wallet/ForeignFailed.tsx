// Ecash from other mints that could not be settled (docs/behaviour.md "Wallet"): each row is handed
// back to the customer as a token (the other mint refused it) or tried again (it says it paid).
import { useCallback, useState } from 'react';
import { useWatchedRead } from '../../ui/use-read';
import type { WalletUpdateListener } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { FailedForeignEcash } from '../../core/wallet/ecash/foreign/foreign-failed';
import { Button } from '../../ui/Button';
import type { ModalProps } from '../../ui/Modal';
import { NoticeList } from '../../ui/NoticeList';
import { WithdrawModal, type TokenModalTexts } from '../../ui/share/WithdrawModal';
import { foreignFailedReason } from './foreign-failed-words';
import { useWalletWords } from './wallet-words';
import {
  FOREIGN_FAILED_NOTE,
  FOREIGN_FAILED_TITLE,
  HANDED_BACK,
  HANDED_BACK_DONE,
  HAND_BACK,
  HAND_BACK_NOTE,
  HAND_BACK_QR_LABEL,
  FROM_MINT,
  HAND_BACK_TITLE,
  HAND_BACK_TOKEN_LABEL,
  RETRY_LANDED,
  TRYING,
  TRY_AGAIN,
} from './locales/wallet/en.json';

export interface ForeignFailedService {
  list(): Promise<FailedForeignEcash[]>;
  /** the customer's proofs as a token of the other mint */
  token(id: string): Promise<string>;
  /** the token was handed back: the row is closed (never a sale) */
  close(id: string): Promise<void>;
  /** true when the payment arrived and the sale was recorded */
  retry(id: string): Promise<boolean>;
}

export interface ForeignFailedProps {
  service: ForeignFailedService;
  events: { onUpdated(listener: WalletUpdateListener): () => void };
  logger: Logger;
  /** runs the action behind the merchant PIN when there is one (handing back gives ecash away) */
  guard?: (action: () => void) => void;
  returnFocusTo?: ModalProps['returnFocusTo'];
}

interface Shown {
  row: FailedForeignEcash;
  token: string;
}

const HAND_BACK_TEXTS: TokenModalTexts = {
  title: HAND_BACK_TITLE,
  tokenLabel: HAND_BACK_TOKEN_LABEL,
  qrLabel: HAND_BACK_QR_LABEL,
  amountTestId: 'hand-back-amount',
  testId: 'hand-back',
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ForeignFailed({
  service,
  events,
  logger,
  guard = (action) => action(),
  returnFocusTo,
}: ForeignFailedProps) {
  const { t, sats: satsText } = useWalletWords();
  const [rows, setRows] = useState<FailedForeignEcash[]>([]);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const read = useCallback(() => service.list(), [service]);
  const watch = useCallback((changed: () => void) => events.onUpdated(changed), [events]);
  const reload = useWatchedRead(read, watch, setRows, (error) =>
    logger.error('Could not read ecash of other mints', error),
  );

  const show = (row: FailedForeignEcash) =>
    guard(() => {
      service.token(row.id).then(
        (token) => setShown({ row, token }),
        (error: unknown) => {
          setOutcome(messageOf(error));
          reload();
        },
      );
    });

  const handedBack = async (row: FailedForeignEcash) => {
    setShown(null);
    try {
      await service.close(row.id);
      setOutcome(t(HANDED_BACK_DONE));
    } catch (error) {
      setOutcome(messageOf(error));
    }
    reload();
  };

  const retry = async (row: FailedForeignEcash) => {
    setBusyId(row.id);
    try {
      setOutcome((await service.retry(row.id)) ? t(RETRY_LANDED) : null);
    } catch (error) {
      logger.warn(`Ecash ${row.id} of ${row.foreignMint} not settled again`, error);
      setOutcome(messageOf(error));
    } finally {
      setBusyId(null);
      reload();
    }
  };

  return (
    <NoticeList
      card={{ id: 'foreign-failed', title: t(FOREIGN_FAILED_TITLE), note: t(FOREIGN_FAILED_NOTE) }}
      rows={rows}
      layout="stacked"
      figures={(row) => ({
        sats: satsText(row.amount),
        from: t(FROM_MINT, { mint: row.foreignMint }),
        at: new Date(row.at).toLocaleString(),
      })}
      row={(row) => (
        <>
          <p className="text-slate-700">{foreignFailedReason(t, row.foreignMint, row.reason)}</p>
          {row.kind === 'hand-back' ? (
            <Button variant="outline" size="sm" onClick={() => show(row)}>
              {t(HAND_BACK)}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled={busyId !== null}
              aria-busy={busyId === row.id}
              onClick={() => void retry(row)}
            >
              {busyId === row.id ? t(TRYING) : t(TRY_AGAIN)}
            </Button>
          )}
        </>
      )}
      outcome={outcome}
      outcomeTestId="foreign-failed-outcome"
    >
      <WithdrawModal
        token={shown?.token ?? null}
        amount={shown?.row.amount}
        onClose={() => setShown(null)}
        onCopyError={(error) => logger.error('Failed to copy token:', error)}
        notice={shown ? t(HAND_BACK_NOTE, { mint: shown.row.foreignMint }) : null}
        texts={HAND_BACK_TEXTS}
        action={
          shown ? (
            <Button
              size="lg"
              variant="secondary"
              className="w-full"
              onClick={() => void handedBack(shown.row)}
            >
              {t(HANDED_BACK)}
            </Button>
          ) : null
        }
        returnFocusTo={returnFocusTo}
      />
    </NoticeList>
  );
}
