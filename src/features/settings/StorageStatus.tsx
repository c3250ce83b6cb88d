// Settings "Data on this device": whether the browser keeps the wallet's data (persistent
// storage) and how much it uses (navigator.storage.estimate); docs/behaviour.md.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import { Card } from '../../ui/Card';
import {
  STORAGE_CHECKING,
  STORAGE_NOT_PERSISTENT,
  STORAGE_PERSISTENT,
  STORAGE_TITLE,
  STORAGE_UNKNOWN,
  STORAGE_USING,
  STORAGE_USING_OF,
} from './locales/settings/en.json';
import { useTexts, type Translate } from '../../ui/i18n';

export const storageUsedText = (t: Translate, usage: number, quota?: number) =>
  quota
    ? t(STORAGE_USING_OF, { usage: formatBytes(usage), quota: formatBytes(quota) })
    : t(STORAGE_USING, { usage: formatBytes(usage) });

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export interface StorageInfo {
  persisted(): Promise<boolean>;
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

type State =
  | { step: 'loading' }
  | { step: 'unknown' }
  | { step: 'ready'; persisted: boolean; usage?: number; quota?: number };

export function StorageStatus({
  deviceStorage,
  logger,
}: {
  deviceStorage: StorageInfo | undefined;
  logger: Logger;
}) {
  const t = useTexts();
  const [state, setState] = useState<State>(() =>
    deviceStorage ? { step: 'loading' } : { step: 'unknown' },
  );

  useEffect(() => {
    if (!deviceStorage) return;
    let active = true;
    Promise.all([deviceStorage.persisted(), deviceStorage.estimate().catch(() => ({}))])
      .then(([persisted, estimate]: [boolean, { usage?: number; quota?: number }]) => {
        if (active) setState({ step: 'ready', persisted, ...estimate });
      })
      .catch((error: unknown) => {
        logger.warn('Could not read the storage status', error);
        if (active) setState({ step: 'unknown' });
      });
    return () => {
      active = false;
    };
  }, [deviceStorage, logger]);

  return (
    <Card titleId="storage-status-title" title={t(STORAGE_TITLE)} gap={2}>
      {state.step === 'loading' ? (
        <p className="text-sm text-slate-500">{t(STORAGE_CHECKING)}</p>
      ) : state.step === 'unknown' ? (
        <p className="text-sm text-slate-600">{t(STORAGE_UNKNOWN)}</p>
      ) : (
        <>
          <p
            data-testid="storage-persistence"
            className={state.persisted ? 'text-sm text-slate-700' : 'text-sm text-amber-800'}
          >
            {state.persisted ? t(STORAGE_PERSISTENT) : t(STORAGE_NOT_PERSISTENT)}
          </p>
          {state.usage !== undefined ? (
            <p className="text-sm text-slate-600" data-testid="storage-usage">
              {storageUsedText(t, state.usage, state.quota)}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
