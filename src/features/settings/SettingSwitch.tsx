// A Settings card with one switch, read when shown and saved as soon as it is changed: put back,
// with a message, when it cannot be saved (receipts, remote cashiers, ecash from other mints).
import { useCallback, useId, useState, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import { Card } from '../../ui/Card';
import { useSettingsSave } from './use-settings-save';
import { englishText, useTexts } from '../../ui/i18n';
import { useRead } from '../../ui/use-read';
import type { SwitchTexts } from './texts';
import { CheckboxField } from '../../ui/forms/CheckboxField';

/** Where the switch is kept; built with useMemo so that it is read once. */
export interface SwitchStore {
  get(): Promise<boolean>;
  set(value: boolean): Promise<void>;
}

export interface SettingSwitchProps {
  store: SwitchStore;
  logger: Logger;
  texts: SwitchTexts;
  /** more settings shown in the same card */
  children?: ReactNode;
}

export function SettingSwitch({ store, logger, texts, children }: SettingSwitchProps) {
  const t = useTexts();
  const titleId = useId();
  const [on, setOn] = useState<boolean>();
  const { saving, save } = useSettingsSave(logger);

  const read = useCallback(() => store.get(), [store]);
  useRead(read, setOn, (error) => {
    logger.error(`Could not read the setting "${englishText(texts.title)}"`, error);
    setOn(false);
  });

  if (on === undefined) return null;

  const onChange = async (value: boolean) => {
    // Shown at once, as the box was ticked; put back if it could not be saved.
    setOn(value);
    await save(() => store.set(value), {
      failedLog: `Saving the setting "${englishText(texts.title)}" failed`,
      failed: t(texts.saveFailed),
      undo: () => setOn(!value),
    });
  };

  return (
    <Card titleId={titleId} title={t(texts.title)} note={t(texts.note)}>
      <CheckboxField
        label={t(texts.label)}
        checked={on}
        disabled={saving}
        onChange={(value) => void onChange(value)}
      />
      {children}
    </Card>
  );
}
