// The restore scan's progress (docs/behaviour.md, "Recover funds"): which mint, which keyset,
// sats found so far, and Cancel. Presentational: the app passes the progress and the callback.
import { Button } from '../Button';
import type { RestoreProgress } from '../domain-views';
import { formatSats } from '../format-sats';
import { RestoreMintList, type RestoreMintView } from './RestoreMintList';

/** Where the scan is (core/wallet/restore/restore-service.ts); the mints and refusals may be absent. */
export type RestoreProgressView = Omit<RestoreProgress, 'refusedSignatures' | 'mints'> & {
  /** signatures the mint answered that failed their check (DLEQ) and were not stored */
  refusedSignatures?: number;
  /** every mint of the scan, with where it was listed and what it gave */
  mints?: RestoreMintView[];
};

export const RESTORE_PROGRESS_TITLE = 'Recovering funds from your recovery phrase';
export const RESTORE_CANCEL = 'Cancel';
export const RESTORE_CANCELLING = 'Cancelling...';
export const restoreMintLine = (p: RestoreProgressView) =>
  p.mintCount > 1 ? `Mint ${p.mintIndex} of ${p.mintCount}: ${p.mintUrl}` : `Mint: ${p.mintUrl}`;
export const restoreKeysetLine = (p: RestoreProgressView) =>
  p.keysetIndex === 0
    ? 'Asking the mint for its keysets...'
    : `Keyset ${p.keysetIndex} of ${p.keysetCount}`;
export const restoreFoundLine = (sats: number) => `${formatSats(sats)} sats found so far`;
export const restoreRefusedLine = (count: number) =>
  count === 1
    ? '1 signature from the mint failed its check and was not stored'
    : `${count} signatures from the mint failed their check and were not stored`;

export function RestoreProgressPanel({
  progress,
  onCancel,
  cancelling,
}: {
  progress: RestoreProgressView;
  onCancel: () => void;
  cancelling: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="restore-progress"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold text-violet-900">{RESTORE_PROGRESS_TITLE}</p>
        <p className="break-all text-slate-700">{restoreMintLine(progress)}</p>
        <p className="text-slate-700">{restoreKeysetLine(progress)}</p>
        <p className="font-medium tabular-nums text-violet-800" data-testid="restore-found">
          {restoreFoundLine(progress.foundSats)}
        </p>
        {progress.discoveryError ? (
          <p className="text-red-700" data-testid="restore-discovery-error">
            {progress.discoveryError}
          </p>
        ) : null}
        {progress.mints && progress.mints.length > 1 ? (
          <RestoreMintList mints={progress.mints} />
        ) : null}
        {progress.refusedSignatures ? (
          <p className="font-medium text-red-700" data-testid="restore-refused">
            {restoreRefusedLine(progress.refusedSignatures)}
          </p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
        {cancelling ? RESTORE_CANCELLING : RESTORE_CANCEL}
      </Button>
    </div>
  );
}
