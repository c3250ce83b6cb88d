// The restore scan's progress (docs/behaviour.md, "Recover funds"): which mint, which keyset,
// sats found so far, and Cancel. Presentational: the app passes the progress and the callback.
import { Button } from '../Button';
import type { RestoreProgress } from '../domain-views';
import { useFormats, useTexts } from '../i18n';
import {
  RESTORE_ASKING_KEYSETS,
  RESTORE_CANCEL,
  RESTORE_CANCELLING,
  RESTORE_FOUND_SO_FAR,
  RESTORE_KEYSET_OF,
  RESTORE_MINT,
  RESTORE_MINT_OF,
  RESTORE_PROGRESS_TITLE,
  RESTORE_REFUSED_LINE,
} from '../locales/restore/en.json';
import { RestoreMintList, type RestoreMintView } from './RestoreMintList';
import { restoreLineText } from './restore-words';

/** Where the scan is (core/wallet/restore/restore-service.ts); the mints and refusals may be absent. */
export type RestoreProgressView = Omit<RestoreProgress, 'refusedSignatures' | 'mints'> & {
  /** signatures the mint answered that failed their check (DLEQ) and were not stored */
  refusedSignatures?: number;
  /** every mint of the scan, with where it was listed and what it gave */
  mints?: RestoreMintView[];
};

export function RestoreProgressPanel({
  progress,
  onCancel,
  cancelling,
}: {
  progress: RestoreProgressView;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const t = useTexts();
  const formats = useFormats();
  const p = progress;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="restore-progress"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold text-violet-900">{t(RESTORE_PROGRESS_TITLE)}</p>
        <p className="break-all text-slate-700">
          {p.mintCount > 1
            ? t(RESTORE_MINT_OF, { index: p.mintIndex, count: p.mintCount, url: p.mintUrl })
            : t(RESTORE_MINT, { url: p.mintUrl })}
        </p>
        <p className="text-slate-700">
          {p.keysetIndex === 0
            ? t(RESTORE_ASKING_KEYSETS)
            : t(RESTORE_KEYSET_OF, { index: p.keysetIndex, count: p.keysetCount })}
        </p>
        <p className="font-medium tabular-nums text-violet-800" data-testid="restore-found">
          {t(RESTORE_FOUND_SO_FAR, { count: p.foundSats, sats: formats.sats(p.foundSats) })}
        </p>
        {progress.discoveryError ? (
          <p className="text-red-700" data-testid="restore-discovery-error">
            {restoreLineText(t, progress.discoveryError)}
          </p>
        ) : null}
        {progress.mints && progress.mints.length > 1 ? (
          <RestoreMintList mints={progress.mints} />
        ) : null}
        {progress.refusedSignatures ? (
          <p className="font-medium text-red-700" data-testid="restore-refused">
            {t(RESTORE_REFUSED_LINE, { count: progress.refusedSignatures })}
          </p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
        {t(cancelling ? RESTORE_CANCELLING : RESTORE_CANCEL)}
      </Button>
    </div>
  );
}
