// Settings, beside Recover funds: a line while sales taken while locked are not on a relay yet
// (docs/behaviour.md "Settings", decision 0050); nothing once every one is.
import { useCallback, useState } from 'react';
import type { Logger } from '../../core/logger';
import { useFormats, useTexts } from '../../ui/i18n';
import { useWatchedRead } from '../../ui/use-read';
import { LOCKED_BACKUPS } from './locales/settings/en.json';

export interface LockedSaleBackupSource {
  /** backups no relay has taken yet */
  pending(): Promise<number>;
  onChange(listener: () => void): () => void;
}

export function LockedSaleBackupLine({
  backups,
  logger,
}: {
  backups: LockedSaleBackupSource;
  logger: Logger;
}) {
  const t = useTexts();
  const formats = useFormats();
  const [pending, setPending] = useState(0);

  const read = useCallback(() => backups.pending(), [backups]);
  const watch = useCallback((changed: () => void) => backups.onChange(changed), [backups]);
  useWatchedRead(read, watch, setPending, (error) =>
    logger.warn('Could not read the locked-sale backups', error),
  );

  if (pending === 0) return null;
  return (
    <p role="status" data-testid="locked-backup-pending" className="text-sm text-amber-800">
      {t(LOCKED_BACKUPS, { count: pending, n: formats.number(pending) })}
    </p>
  );
}
