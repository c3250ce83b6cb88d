// Saving a Settings card: busy while it runs, then a toast that it was saved, or the failure
// logged and told (the error's own words unless the card has its own).
import { useCallback, useState } from 'react';
import { errorMessage } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { toast } from '../../ui/toast/toast';

export interface SaveWords {
  /** the toast once it is saved */
  saved: string;
  /** the log line when it fails (English, for the logs) */
  failedLog: string;
  /** the toast when it fails; the error's own message when omitted */
  failed?: string;
}

export function useSettingsSave(logger: Logger) {
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (write: () => Promise<void>, words: SaveWords) => {
      setSaving(true);
      try {
        await write();
        toast.success(words.saved);
      } catch (error) {
        logger.error(words.failedLog, error);
        toast.error(words.failed ?? errorMessage(error));
      } finally {
        setSaving(false);
      }
    },
    [logger],
  );
  return { saving, save };
}
