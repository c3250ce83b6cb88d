// Ecash from other mints that could not be settled (docs/behaviour.md "Wallet"): each row is handed
// back to the customer as a token (the other mint refused it) or tried again (it says it paid).
import { useCallback, useEffect, useState } from 'react';
import type { WalletUpdateListener } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { FailedForeignEcash } from '../../core/wallet/ecash/foreign/foreign-failed';
import { Button } from '../../ui/Button';
import type { ModalProps } from '../../ui/Modal';
import { NoticeList } from '../../ui/NoticeList';
import { WithdrawModal, type TokenModalTexts } from '../../ui/WithdrawModal';
import {
  FOREIGN_FAILED_NOTE,
  HAND_BACK,
  HAND_BACK_TITLE,
  HAND_BACK_TOKEN_LABEL,
  HANDED_BACK,
  HANDED_BACK_DONE,
  RETRY_LANDED,
  TRY_AGAIN,
  TRYING,
} from './foreign-failed-texts.json';
import { FOREIGN_FAILED_TITLE, fromMintText, handBackNote } from './foreign-failed-texts';
import { satsText } from './texts';

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
  qrLabel: 'Token to hand back QR code',
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
  const [rows, setRows] = useState<FailedForeignEcash[]>([]);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const reload = useCallback(() => {
    service.list().then(setRows, (error: unknown) => {
      logger.error('Could not read ecash of other mints', error);
    });
  }, [service, logger]);

  useEffect(() => {
    reload();
    return events.onUpdated(reload);
  }, [events, reload]);

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
      setOutcome(HANDED_BACK_DONE);
    } catch (error) {
      setOutcome(messageOf(error));
    }
    reload();
  };

  const retry = async (row: FailedForeignEcash) => {
    setBusyId(row.id);
    try {
      setOutcome((await service.retry(row.id)) ? RETRY_LANDED : null);
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
      titleId="foreign-failed"
      title={FOREIGN_FAILED_TITLE}
      note={FOREIGN_FAILED_NOTE}
      testId="foreign-failed"
      rows={rows}
      layout="stacked"
      figures={(row) => ({
        sats: satsText(row.amount),
        from: fromMintText(row.foreignMint),
        at: new Date(row.at).toLocaleString(),
      })}
      row={(row) => (
        <>
          <p className="text-slate-700">{row.reason}</p>
          {row.kind === 'hand-back' ? (
            <Button variant="outline" size="sm" onClick={() => show(row)}>
              {HAND_BACK}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled={busyId !== null}
              aria-busy={busyId === row.id}
              onClick={() => void retry(row)}
            >
              {busyId === row.id ? TRYING : TRY_AGAIN}
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
        notice={shown ? handBackNote(shown.row.foreignMint) : null}
        texts={HAND_BACK_TEXTS}
        action={
          shown ? (
            <Button
              size="lg"
              variant="secondary"
              className="w-full"
              onClick={() => void handedBack(shown.row)}
            >
              {HANDED_BACK}
            </Button>
          ) : null
        }
        returnFocusTo={returnFocusTo}
      />
    </NoticeList>
  );
}
