// The restore scan's progress above every main screen while a scan runs in this tab, then what it
// found per mint with Retry until closed. It waits for the services without asking for them
// before the first screen has painted.
import { useEffect, useState } from 'react';
import type { RestoreProgress } from '../../core/wallet/restore/restore-service';
import type { RestoreOutcome } from '../../core/wallet/restore/types';
import { RestoreProgressPanel } from '../../ui/restore/RestoreProgressPanel';
import { RestoreResultPanel } from '../../ui/restore/RestoreResultPanel';
import type { ServiceSource } from '../services/deferred';
import { useServicesAfterPaint } from './use-services-after-paint';

interface RestoreControl {
  current(): RestoreProgress | null;
  onProgress(listener: (progress: RestoreProgress | null) => void): () => void;
  cancel(): Promise<void>;
  onFinished(listener: (outcome: RestoreOutcome) => void): () => void;
  /** scans every mint again: what is stored already is not counted twice */
  start(reason: 'settings'): Promise<RestoreOutcome | undefined>;
}

export function RestoreBanner({
  source,
}: {
  source: Pick<ServiceSource, 'afterFirstPaint' | 'base'>;
}) {
  const picked = useServicesAfterPaint(
    source,
    (services): { restore: RestoreControl; initial: RestoreProgress | null } => ({
      restore: services.restore,
      initial: services.restore.current(),
    }),
    'Restore progress unavailable',
  );
  const restore = picked?.restore ?? null;
  // Progress reported since the scan was picked up; until then, where it stood then.
  const [reported, setProgress] = useState<{ progress: RestoreProgress | null } | null>(null);
  const progress = reported ? reported.progress : (picked?.initial ?? null);
  const [cancelling, setCancelling] = useState(false);
  const [result, setResult] = useState<RestoreOutcome | null>(null);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (!restore) return;
    const offProgress = restore.onProgress((next) => {
      setProgress({ progress: next });
      if (next === null) setCancelling(false);
      else setResult(null);
    });
    const offFinished = restore.onFinished((outcome) => setResult(outcome));
    return () => {
      offProgress();
      offFinished();
    };
  }, [restore]);

  if (!restore) return null;
  if (!progress && result) {
    return (
      <RestoreResultPanel
        result={result}
        retrying={retrying}
        onClose={() => setResult(null)}
        onRetry={() => {
          setRetrying(true);
          restore
            .start('settings')
            .catch((error: unknown) => {
              source.base.logger.error('Retrying the restore scan failed', error);
            })
            .finally(() => setRetrying(false));
        }}
      />
    );
  }
  if (!progress) return null;
  return (
    <RestoreProgressPanel
      progress={progress}
      cancelling={cancelling}
      onCancel={() => {
        setCancelling(true);
        restore.cancel().catch((error: unknown) => {
          source.base.logger.error('Cancelling the restore scan failed', error);
          setCancelling(false);
        });
      }}
    />
  );
}
