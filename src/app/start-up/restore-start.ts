// The restore scan at app level: resumed at start-up (a reload mid-scan goes on), and one toast
// when a scan ends saying what it found (docs/behaviour.md, "Recover funds").
import type { Logger } from '../../core/logger';
import type { RestoreOutcome } from '../../core/wallet/restore/types';
import { formatSats } from '../../ui/format-sats';

export const restoreFoundText = (sats: number) =>
  `Recovery finished: ${formatSats(sats)} sats found and added to your balance.`;
export const RESTORE_NOTHING_FOUND = 'Recovery finished: no ecash to recover was found.';
export const restoreCancelledText = (sats: number) =>
  `Recovery cancelled: ${formatSats(sats)} sats found before it stopped.`;
export const restoreMintFailedText = (mintUrl: string, error: string) => `${mintUrl}: ${error}`;

export interface RestoreToaster {
  success(text: string, options?: { toastId?: string }): unknown;
  info(text: string, options?: { toastId?: string }): unknown;
  error(text: string, options?: { toastId?: string }): unknown;
}

/** What a finished scan says: one summary, plus one error per mint that could not be scanned. */
export function announceRestore(outcome: RestoreOutcome, toast: RestoreToaster): void {
  if (outcome.cancelled) toast.info(restoreCancelledText(outcome.totalSats));
  else if (outcome.totalSats > 0) toast.success(restoreFoundText(outcome.totalSats));
  else toast.info(RESTORE_NOTHING_FOUND);
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
}

/** Subscribes the toast, then resumes a stored scan on an onboarded device. Never rejects. */
export async function startRestore(deps: RestoreStartDeps): Promise<void> {
  deps.restore.onFinished((outcome) => announceRestore(outcome, deps.toast));
  try {
    if (!(await deps.config.isOnboarded())) return;
    await deps.restore.resume();
  } catch (error) {
    deps.logger.error('Resuming the restore scan failed', error);
  }
}
