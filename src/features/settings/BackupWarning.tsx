// Settings, under Recover funds: a short line while the relays have not taken part of the app's
// backup (a part they refused is tried again); nothing once they have (docs/behaviour.md
// "Recover funds").
import { useSyncExternalStore } from 'react';
import type { AppDataBackupStatus } from '../../core/backup/app-data';
import { backupUnsaved } from './texts';

export interface BackupStatusSource {
  status(): AppDataBackupStatus;
  onStatus(listener: (status: AppDataBackupStatus) => void): () => void;
}

export function BackupWarning({ backup }: { backup: BackupStatusSource }) {
  const { unsaved } = useSyncExternalStore(
    (listener) => backup.onStatus(listener),
    () => backup.status(),
  );
  if (unsaved.length === 0) return null;
  return (
    <p role="status" data-testid="backup-warning" className="text-sm text-amber-900">
      {backupUnsaved(unsaved)}
    </p>
  );
}
