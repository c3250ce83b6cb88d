// Settings: ecash taken while the mint cannot be reached, on or off, and its caps per sale, per day
// and outstanding (docs/behaviour.md "Settings", docs/security.md "Ecash taken offline").
import { useState } from 'react';
import {
  capsFromText,
  DEFAULT_OFFLINE_CAPS,
  type OfflineCaps,
  type OfflineCapsText,
} from '../../core/wallet/ecash/offline/offline-caps';
import { TextField } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import { SettingsFormCard, type SettingsFormProps } from './SettingsFormCard';
import { useSettingsForm, type SettingsFormSpec, type SettingStore } from './use-settings-form';
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

export type OfflineCapsStore = SettingStore<OfflineCaps>;

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

/** Read into the form; unreadable: the default caps. */
const READ: SettingsFormSpec<OfflineCaps, FormState> = {
  asForm,
  fallback: DEFAULT_OFFLINE_CAPS,
  loadFailedLog: 'Could not load the offline ecash caps',
};

/** The card's words (features/settings/locales/offline-caps). */
const WORDS = {
  title: OFFLINE_CAPS_TITLE,
  note: OFFLINE_CAPS_NOTE,
  enable: OFFLINE_CAPS_ENABLE,
  save: OFFLINE_CAPS_SAVE,
};

export function OfflineCapsSettings(props: SettingsFormProps<OfflineCapsStore>) {
  const t = useTexts();
  const [invalid, setInvalid] = useState<keyof OfflineCapsText>();
  const { form, setForm, card, save } = useSettingsForm(props, READ);

  if (!form) return null;

  const onSave = async () => {
    const checked = capsFromText(form.enabled, form);
    if ('field' in checked) {
      setInvalid(checked.field);
      return;
    }
    setInvalid(undefined);
    await save(checked.caps, {
      saved: t(OFFLINE_CAPS_SAVED),
      failedLog: 'Saving the offline ecash caps failed',
    });
  };

  return (
    <SettingsFormCard titleId="offline-caps" words={WORDS} {...card} onSave={onSave}>
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
