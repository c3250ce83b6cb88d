// What a restore scan found once it ended (docs/behaviour.md, "Recover funds"): every mint with
// where it was listed and its sats, what could not be reached, with Retry and Close.
import { Button } from '../Button';
import { formatSats } from '../format-sats';
import { RestoreMintList, type RestoreMintView } from './RestoreMintList';

export interface RestoreResultView {
  mints: RestoreMintView[];
  totalSats: number;
  cancelled: boolean;
  discoveryError?: string;
}

export const restoreResultTitle = (r: RestoreResultView) =>
  r.cancelled
    ? `Recovery cancelled: ${formatSats(r.totalSats)} sats found`
    : `Recovery finished: ${formatSats(r.totalSats)} sats found`;
export const RESTORE_RETRY = 'Retry';
export const RESTORE_RETRYING = 'Retrying...';
export const RESTORE_CLOSE = 'Close';

export function RestoreResultPanel({
  result,
  onRetry,
  onClose,
  retrying,
}: {
  result: RestoreResultView;
  onRetry: () => void;
  onClose: () => void;
  retrying: boolean;
}) {
  const unreached = result.discoveryError || result.mints.some((m) => m.error);
  return (
    <div
      role="status"
      data-testid="restore-result"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4"
    >
      <p className="font-semibold text-violet-900">{restoreResultTitle(result)}</p>
      {result.discoveryError ? (
        <p className="text-sm text-red-700">{result.discoveryError}</p>
      ) : null}
      <RestoreMintList mints={result.mints} />
      <div className="flex gap-2">
        {unreached ? (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            {retrying ? RESTORE_RETRYING : RESTORE_RETRY}
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={onClose}>
          {RESTORE_CLOSE}
        </Button>
      </div>
    </div>
  );
}
