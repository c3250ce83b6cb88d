// Settings, beside Recover funds: a line while sales taken while locked are not on a relay yet
// (docs/behaviour.md "Settings", decision 0050); nothing once every one is.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import { useFormats, useTexts } from '../../ui/i18n';
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

  useEffect(() => {
    let active = true;
    const read = () => {
      backups
        .pending()
        .then((count) => {
          if (active) setPending(count);
        })
        .catch((error: unknown) => logger.warn('Could not read the locked-sale backups', error));
    };
    read();
    const stop = backups.onChange(read);
    return () => {
      active = false;
      stop();
    };
  }, [backups, logger]);

  if (pending === 0) return null;
  return (
    <p role="status" data-testid="locked-backup-pending" className="text-sm text-amber-800">
      {t(LOCKED_BACKUPS, { count: pending, n: formats.number(pending) })}
    </p>
  );
}
