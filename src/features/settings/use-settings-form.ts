// A Settings card that is a form with an on/off box (SettingsFormCard): the stored setting read
// into the form (its defaults when it cannot be read, logged), then saved behind the PIN gate.
import { useCallback, useState } from 'react';
import { useRead } from '../../ui/use-read';
import type { SettingsFormProps } from './SettingsFormCard';
import { useSettingsSave, type SaveWords } from './use-settings-save';

/** Where such a setting is kept. */
export interface SettingStore<Stored> {
  get(): Promise<Stored>;
  set(value: Stored): Promise<void>;
}

export interface SettingsFormSpec<Stored, Form> {
  /** the stored setting as the form shows it */
  asForm: (stored: Stored) => Form;
  /** what the form shows when the setting cannot be read */
  fallback: Stored;
  /** the log line when it cannot be read (English, for the logs) */
  loadFailedLog: string;
}

export function useSettingsForm<Stored, Form extends { enabled: boolean }>(
  { store, logger, guard }: SettingsFormProps<SettingStore<Stored>>,
  { asForm, fallback, loadFailedLog }: SettingsFormSpec<Stored, Form>,
) {
  const [form, setForm] = useState<Form>();
  const { saving, save } = useSettingsSave(logger);
  const read = useCallback(() => store.get(), [store]);
  useRead(
    read,
    (stored) => setForm(asForm(stored)),
    (loadError: unknown) => {
      logger.error(loadFailedLog, loadError);
      setForm(asForm(fallback));
    },
  );
  return {
    /** undefined until the setting is read */
    form,
    setForm,
    /** the card's on/off box, Save and PIN gate (SettingsFormCard) */
    card: {
      enabled: form?.enabled ?? false,
      onEnabled: (enabled: boolean) => setForm(form && { ...form, enabled }),
      saving,
      guard,
    },
    /** stores what the form checked, then says so (or why not) */
    save: (value: Stored, words: SaveWords) => save(() => store.set(value), words),
  };
}
