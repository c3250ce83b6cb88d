// Settings "Recover funds": runs the phrase restore scan on demand (docs/behaviour.md). Its
// progress shows above the screen (app/shell/RestoreBanner.tsx); the outcome is an app-wide toast.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import {
  RECOVERING,
  RECOVER_BUTTON,
  RECOVER_TEXT,
  RECOVER_TITLE,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

export interface RecoverFundsService {
  start(reason: 'settings'): Promise<unknown>;
  isRunning(): boolean;
  onProgress(listener: (progress: unknown) => void): () => void;
}

export function RecoverFunds({
  restore,
  logger,
}: {
  restore: RecoverFundsService;
  logger: Logger;
}) {
  const t = useTexts();
  const [running, setRunning] = useState(() => restore.isRunning());

  useEffect(
    () => restore.onProgress((progress) => setRunning(progress !== null || restore.isRunning())),
    [restore],
  );

  const onRecover = () => {
    setRunning(true);
    restore
      .start('settings')
      .catch((error: unknown) => logger.error('Recover funds failed', error))
      .finally(() => setRunning(restore.isRunning()));
  };

  return (
    <Card titleId="recover-funds-title" title={t(RECOVER_TITLE)} note={t(RECOVER_TEXT)}>
      <Button variant="outline" onClick={onRecover} disabled={running} aria-busy={running}>
        {running ? t(RECOVERING) : t(RECOVER_BUTTON)}
      </Button>
    </Card>
  );
}
