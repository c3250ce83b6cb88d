// Settings: ecash taken while the mint cannot be reached, on or off, and its caps per sale, per day
// and outstanding (docs/behaviour.md "Settings", docs/security.md "Ecash taken offline").
import { useCallback, useState } from 'react';
import { errorMessage } from '../../core/errors';
import type { Logger } from '../../core/logger';
import {
  capsFromText,
  DEFAULT_OFFLINE_CAPS,
  type OfflineCaps,
  type OfflineCapsText,
} from '../../core/wallet/ecash/offline/offline-caps';
import { Button } from '../../ui/Button';
import { cardClasses } from '../../ui/Card';
import { enterActivates } from '../../ui/forms/enter-activates';
import { Form } from '../../ui/forms/Form';
import { TextField } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import { toast } from '../../ui/toast/toast';
import { useRead } from '../../ui/use-read';
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

const CARD = cardClasses('ring', 4);
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

export function OfflineCapsSettings({
  store,
  logger,
  guard = (action) => action(),
}: {
  store: OfflineCapsStore;
  logger: Logger;
  /** Asks for the merchant PIN before saving, when the gate is closed (ui/pin/pin-gate.tsx). */
  guard?: (action: () => void) => void;
}) {
  const t = useTexts();
  const [form, setForm] = useState<FormState>();
  const [invalid, setInvalid] = useState<keyof OfflineCapsText>();
  const [saving, setSaving] = useState(false);

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
    setSaving(true);
    try {
      await store.set(checked.caps);
      toast.success(t(OFFLINE_CAPS_SAVED));
    } catch (saveError) {
      logger.error('Saving the offline ecash caps failed', saveError);
      toast.error(errorMessage(saveError));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      aria-labelledby="offline-caps"
      className={CARD.card}
      onSubmit={() => guard(() => void onSave())}
    >
      <h2 id="offline-caps" className={CARD.title}>
        {t(OFFLINE_CAPS_TITLE)}
      </h2>
      <p className="text-sm text-slate-600">{t(OFFLINE_CAPS_NOTE)}</p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
          onKeyDown={enterActivates}
        />
        {t(OFFLINE_CAPS_ENABLE)}
      </label>
      {FIELDS.map(([field, label]) => (
        <TextField
          key={field}
          label={t(label)}
          value={form[field]}
          onChange={(value) => setForm({ ...form, [field]: value })}
          {...(invalid === field ? { error: t(OFFLINE_CAPS_NEEDS_WHOLE) } : {})}
        />
      ))}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {t(OFFLINE_CAPS_SAVE)}
        </Button>
      </div>
    </Form>
  );
}
