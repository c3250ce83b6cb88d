// The restore scan's progress above every main screen while a scan runs in this tab. It waits for
// the services without asking for them before the first screen has painted.
import { useEffect, useState } from 'react';
import type { RestoreProgress } from '../core/wallet/restore/restore-service';
import { RestoreProgressPanel } from '../ui/RestoreProgressPanel';
import type { ServiceSource } from './services/deferred';

interface RestoreControl {
  current(): RestoreProgress | null;
  onProgress(listener: (progress: RestoreProgress | null) => void): () => void;
  cancel(): Promise<void>;
}

export function RestoreBanner({ source }: { source: Pick<ServiceSource, 'load' | 'base'> }) {
  const [restore, setRestore] = useState<RestoreControl | null>(null);
  const [progress, setProgress] = useState<RestoreProgress | null>(null);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    let active = true;
    // After the first paint: the services load then anyway (start.tsx), this only joins that load.
    const timer = setTimeout(() => {
      source.load().then(
        (services) => {
          if (!active) return;
          setRestore(services.restore);
          setProgress(services.restore.current());
        },
        (error: unknown) => source.base.logger.warn('Restore progress unavailable', error),
      );
    }, 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [source]);

  useEffect(() => {
    if (!restore) return;
    return restore.onProgress((next) => {
      setProgress(next);
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
