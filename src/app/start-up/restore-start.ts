// The restore scan at app level: resumed at start-up (a reload mid-scan goes on), and one toast
// when a scan ends saying what it found (docs/behaviour.md, "Recover funds"), in the language shown
// when it ends.
import type { Logger } from '../../core/logger';
import type { RestoreOutcome } from '../../core/wallet/restore/types';
import { englishTexts, type PaymentTexts } from '../shell/payment-notifications';
import {
  RESTORE_CANCELLED_TOAST,
  RESTORE_FOUND_TOAST,
  RESTORE_NOTHING_TOAST,
} from '../locales/restore-toasts/en.json';

const sats = ({ t, formats }: PaymentTexts, text: string, count: number) =>
  t(text, { count, sats: formats.sats(count) });

export const restoreFoundText = (count: number, texts = englishTexts()) =>
  sats(texts, RESTORE_FOUND_TOAST, count);
export const restoreCancelledText = (count: number, texts = englishTexts()) =>
  sats(texts, RESTORE_CANCELLED_TOAST, count);
/** The mint's own reason as the scan stored it (core/wallet/restore/restore-messages.ts). */
export const restoreMintFailedText = (mintUrl: string, error: string) => `${mintUrl}: ${error}`;

export interface RestoreToaster {
  success(text: string, options?: { toastId?: string }): unknown;
  info(text: string, options?: { toastId?: string }): unknown;
  error(text: string, options?: { toastId?: string }): unknown;
}

/** What a finished scan says: one summary, plus one error per mint that could not be scanned. */
export function announceRestore(
  outcome: RestoreOutcome,
  toast: RestoreToaster,
  texts: () => PaymentTexts = englishTexts,
): void {
  const shown = texts();
  if (outcome.cancelled) toast.info(restoreCancelledText(outcome.totalSats, shown));
  else if (outcome.totalSats > 0) toast.success(restoreFoundText(outcome.totalSats, shown));
  else toast.info(shown.t(RESTORE_NOTHING_TOAST));
  for (const mint of outcome.mints) {
    if (mint.error) toast.error(restoreMintFailedText(mint.mintUrl, mint.error));
  }
}

export interface RestoreStartDeps {
  restore: {
    onFinished(listener: (outcome: RestoreOutcome) => void): () => void;
    resume(): Promise<RestoreOutcome | undefined>;
  };
  config: { isOnboarded(): Promise<boolean> };
  toast: RestoreToaster;
  logger: Logger;
  /** the language shown when a scan ends; English when omitted */
  texts?: () => PaymentTexts;
}

/** Subscribes the toast, then resumes a stored scan on an onboarded device. Never rejects. */
export async function startRestore(deps: RestoreStartDeps): Promise<void> {
  deps.restore.onFinished((outcome) => announceRestore(outcome, deps.toast, deps.texts));
  try {
    if (!(await deps.config.isOnboarded())) return;
    await deps.restore.resume();
  } catch (error) {
    deps.logger.error('Resuming the restore scan failed', error);
  }
}
