// The restore scan's progress above every main screen while a scan runs in this tab. It waits for
// the services without asking for them before the first screen has painted.
import { useEffect, useState } from 'react';
import type { RestoreProgress } from '../core/wallet/restore/restore-service';
import { RestoreProgressPanel } from '../ui/RestoreProgressPanel';
import type { ServiceSource } from './services/deferred';
import { useServicesAfterPaint } from './use-services-after-paint';

interface RestoreControl {
  current(): RestoreProgress | null;
  onProgress(listener: (progress: RestoreProgress | null) => void): () => void;
  cancel(): Promise<void>;
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

  useEffect(() => {
    if (!restore) return;
    return restore.onProgress((next) => {
      setProgress({ progress: next });
      if (next === null) setCancelling(false);
    });
  }, [restore]);

  if (!restore || !progress) return null;
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
