// Settings: ecash taken while the mint cannot be reached, on or off, and its caps per sale, per day
// and outstanding (docs/behaviour.md "Settings", docs/security.md "Ecash taken offline").
import { useCallback, useState } from 'react';
import {
  capsFromText,
  DEFAULT_OFFLINE_CAPS,
  type OfflineCaps,
  type OfflineCapsText,
} from '../../core/wallet/ecash/offline/offline-caps';
import { TextField } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import { useRead } from '../../ui/use-read';
import { SettingsFormCard, type SettingsFormProps } from './SettingsFormCard';
import { useSettingsSave } from './use-settings-save';
import {
  OFFLINE_CAPS_ENABLE,
  OFFLINE_CAPS_NEEDS_WHOLE,
  OFFLINE_CAPS_NOTE,
  OFFLINE_CAPS_SAVE,
  OFFLINE_CAPS_SAVED,
  OFFLINE_CAPS_TITLE,
  OFFLINE_CAP_DAY,
  OFFLINE_CAP_OUTSTANDING,
  OFFLINE_CAP_SALE,
} from './locales/offline-caps/en.json';

export interface OfflineCapsStore {
  get(): Promise<OfflineCaps>;
  set(caps: OfflineCaps): Promise<void>;
}

const FIELDS = [
  ['perSale', OFFLINE_CAP_SALE],
  ['perDay', OFFLINE_CAP_DAY],
  ['outstanding', OFFLINE_CAP_OUTSTANDING],
] as const;

type FormState = { enabled: boolean } & OfflineCapsText;

function asForm(caps: OfflineCaps): FormState {
  return {
    enabled: caps.enabled,
    perSale: String(caps.perSale),
    perDay: String(caps.perDay),
    outstanding: String(caps.outstanding),
  };
}

export function OfflineCapsSettings({ store, logger, guard }: SettingsFormProps<OfflineCapsStore>) {
  const t = useTexts();
  const [form, setForm] = useState<FormState>();
  const [invalid, setInvalid] = useState<keyof OfflineCapsText>();
  const { saving, save } = useSettingsSave(logger);

  const read = useCallback(() => store.get(), [store]);
  useRead(
    read,
    (caps) => setForm(asForm(caps)),
    (loadError) => {
      logger.error('Could not load the offline ecash caps', loadError);
      setForm(asForm(DEFAULT_OFFLINE_CAPS));
    },
  );

  if (!form) return null;

  const onSave = async () => {
    const checked = capsFromText(form.enabled, form);
    if ('field' in checked) {
      setInvalid(checked.field);
      return;
    }
    setInvalid(undefined);
    await save(() => store.set(checked.caps), {
      saved: t(OFFLINE_CAPS_SAVED),
      failedLog: 'Saving the offline ecash caps failed',
    });
  };

  return (
    <SettingsFormCard
      titleId="offline-caps"
      title={t(OFFLINE_CAPS_TITLE)}
      note={t(OFFLINE_CAPS_NOTE)}
      enable={{
        label: t(OFFLINE_CAPS_ENABLE),
        checked: form.enabled,
        onChange: (enabled) => setForm({ ...form, enabled }),
      }}
      saveLabel={t(OFFLINE_CAPS_SAVE)}
      saving={saving}
      onSave={onSave}
      guard={guard}
    >
      {FIELDS.map(([field, label]) => (
        <TextField
          key={field}
          label={t(label)}
          value={form[field]}
          onChange={(value) => setForm({ ...form, [field]: value })}
          {...(invalid === field ? { error: t(OFFLINE_CAPS_NEEDS_WHOLE) } : {})}
        />
      ))}
    </SettingsFormCard>
  );
}
