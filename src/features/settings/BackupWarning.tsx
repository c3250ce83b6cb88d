// Settings, under Recover funds: a short line while the relays have not taken part of the app's
// backup (a part they refused is tried again); nothing once they have (docs/behaviour.md
// "Recover funds").
import { useSyncExternalStore } from 'react';
import type { AppDataBackupStatus } from '../../core/backup/app-data';
import { useTexts } from '../../ui/i18n';
import { BACKUP_UNSAVED } from './locales/settings/en.json';

export interface BackupStatusSource {
  status(): AppDataBackupStatus;
  onStatus(listener: (status: AppDataBackupStatus) => void): () => void;
}

export function BackupWarning({ backup }: { backup: BackupStatusSource }) {
  const t = useTexts();
  const { unsaved } = useSyncExternalStore(
    (listener) => backup.onStatus(listener),
    () => backup.status(),
  );
  if (unsaved.length === 0) return null;
  return (
    <p role="status" data-testid="backup-warning" className="text-sm text-amber-900">
      {t(BACKUP_UNSAVED, {
        parts: unsaved.map((part) => part.replace(/[-/]/g, ' ')).join(', '),
      })}
    </p>
  );
}
