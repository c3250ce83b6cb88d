// Settings (/settings): mint URL and Nostr relays, plus the device's npub and recovery phrase.
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { PinGated } from '../../ui/pin-gate';
import { MintUrlField, RelaysField } from '../../ui/SettingsFields';
import { toast } from '../../ui/toast';
import { AutoCashOutSettings } from './AutoCashOutSettings';
import type { SettingsServices } from './deps';
import { DeviceIdentity } from './DeviceIdentity';
import { PhraseCheck } from './PhraseCheck';
import { PinSettings } from './PinSettings';
import { RecoverFunds } from './RecoverFunds';
import { StorageStatus } from './StorageStatus';
import { saveSettingsForm } from './save-settings';
import { LOADING_SETTINGS, SETTINGS_SAVED } from './texts';

type FormState = { status: 'loading' } | { status: 'ready'; mintUrl: string; relaysText: string };

/** With a merchant PIN, every control here (saving, the phrase, the PIN itself) is behind it. */
export function SettingsScreen({ services }: { services: SettingsServices }) {
  return (
    <PinGated gate={services.lock}>
      <SettingsPanel services={services} />
    </PinGated>
  );
}

function SettingsPanel({ services }: { services: SettingsServices }) {
  const { config } = services.storage;
  const { logger } = services;
  const [form, setForm] = useState<FormState>({ status: 'loading' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    Promise.all([config.getMintUrl(), config.getRelays()])
      .then(([mintUrl, relays]) => {
        if (!cancelled) setForm({ status: 'ready', mintUrl, relaysText: relays.join('\n') });
      })
      .catch((error: unknown) => {
        logger.error('Could not load settings', error);
        if (!cancelled) setForm({ status: 'ready', mintUrl: '', relaysText: '' });
      });
    return () => {
      cancelled = true;
    };
  }, [config, logger]);

  const onSave = async () => {
    if (form.status !== 'ready' || saving) return;
    setSaving(true);
    const outcome = await saveSettingsForm(
      { config, inbox: services.inbox, logger },
      { mintUrl: form.mintUrl, relaysText: form.relaysText },
    );
    setSaving(false);
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    // Show what was stored (trimmed, blanks dropped), so the form matches a reload.
    setForm({ status: 'ready', mintUrl: outcome.mintUrl, relaysText: outcome.relays.join('\n') });
    toast.success(SETTINGS_SAVED);
  };

  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="text-sm text-slate-600">The mint and relays this wallet uses.</p>
      </header>

      {form.status === 'loading' ? (
        <p role="status" className="text-sm text-slate-500">
          {LOADING_SETTINGS}
        </p>
      ) : (
        // noValidate: our checks give the documented messages; the browser's bubbles would pre-empt
        // them.
        <form
          noValidate
          className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            void onSave();
          }}
        >
          <MintUrlField
            value={form.mintUrl}
            onChange={(mintUrl) => setForm({ ...form, mintUrl })}
          />
          <RelaysField
            label="Nostr Relays"
            value={form.relaysText}
            onChange={(relaysText) => setForm({ ...form, relaysText })}
            hint="One relay per line (ws:// or wss://)."
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={saving} aria-busy={saving}>
              {saving ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        </form>
      )}

      {services.lock ? <PinSettings lock={services.lock} logger={logger} /> : null}

      <RecoverFunds restore={services.restore} logger={logger} />
      <AutoCashOutSettings store={services.storage.autoCashOut} logger={logger} />

      <DeviceIdentity
        deviceKeys={services.deviceKeys}
        keys={services.storage.keys}
        logger={logger}
      />

      <PhraseCheck
        keys={services.storage.keys}
        phraseCheck={services.storage.phraseCheck}
        logger={logger}
      />

      <StorageStatus deviceStorage={services.deviceStorage} logger={logger} />
    </section>
  );
}
