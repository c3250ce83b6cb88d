// Saving a Settings card: busy while it runs, then a toast that it was saved, or the failure
// logged and told (the error's own words unless the card has its own) and a choice shown at once
// put back.
import { useCallback, useState } from 'react';
import { errorMessage } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { toast } from '../../ui/toast/toast';

export interface SaveWords {
  /** the toast once it is saved; none when the change shows itself (a choice made) */
  saved?: string;
  /** the log line when it fails (English, for the logs) */
  failedLog: string;
  /** the toast when it fails; the error's own message when omitted */
  failed?: string;
  /** puts back a choice shown at once, as it was made, when it could not be saved */
  undo?: () => void;
}

export function useSettingsSave(logger: Logger) {
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (write: () => Promise<void>, words: SaveWords) => {
      setSaving(true);
      try {
        await write();
        if (words.saved !== undefined) toast.success(words.saved);
      } catch (error) {
        logger.error(words.failedLog, error);
        words.undo?.();
        toast.error(words.failed ?? errorMessage(error));
      } finally {
        setSaving(false);
      }
    },
    [logger],
  );
  return { saving, save };
}
