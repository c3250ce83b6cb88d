// What a restore scan found once it ended (docs/behaviour.md, "Recover funds"): every mint with
// where it was listed and its sats, what could not be reached, with Retry and Close.
import { Button } from '../Button';
import { useFormats, useTexts } from '../i18n';
import {
  RESTORE_CLOSE,
  RESTORE_RESULT_CANCELLED,
  RESTORE_RESULT_FINISHED,
  RESTORE_RETRY,
  RESTORE_RETRYING,
} from '../locales/restore/en.json';
import { RestoreMintList, type RestoreMintView } from './RestoreMintList';
import { restoreLineText } from './restore-words';

export interface RestoreResultView {
  mints: RestoreMintView[];
  totalSats: number;
  cancelled: boolean;
  discoveryError?: string;
}

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
  const t = useTexts();
  const formats = useFormats();
  const unreached = result.discoveryError || result.mints.some((m) => m.error);
  const sats = formats.sats(result.totalSats);
  return (
    <div
      role="status"
      data-testid="restore-result"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4"
    >
      <p className="font-semibold text-violet-900">
        {t(result.cancelled ? RESTORE_RESULT_CANCELLED : RESTORE_RESULT_FINISHED, {
          count: result.totalSats,
          sats,
        })}
      </p>
      {result.discoveryError ? (
        <p className="text-sm text-red-700">{restoreLineText(t, result.discoveryError)}</p>
      ) : null}
      <RestoreMintList mints={result.mints} />
      <div className="flex gap-2">
        {unreached ? (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            {t(retrying ? RESTORE_RETRYING : RESTORE_RETRY)}
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={onClose}>
          {t(RESTORE_CLOSE)}
        </Button>
      </div>
    </div>
  );
}
