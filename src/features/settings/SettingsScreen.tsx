// Settings (/settings): mint URL and Nostr relays, plus the device's npub and recovery phrase.
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../ui/Button';
import type { SettingsServices } from './deps';
import { DeviceIdentity } from './DeviceIdentity';
import { SETTINGS_SAVED, saveSettingsForm } from './save-settings';

export const LOADING_SETTINGS = 'Loading settings...';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none';

type FormState = { status: 'loading' } | { status: 'ready'; mintUrl: string; relaysText: string };

export function SettingsScreen({ services }: { services: SettingsServices }) {
  const { config } = services.storage;
  const { logger } = services;
  const ids = { mint: useId(), relays: useId() };
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
      { config, messaging: services.messaging, logger },
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
        // noValidate: our checks give the SPEC messages; the browser's bubbles would pre-empt them.
        <form
          noValidate
          className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            void onSave();
          }}
        >
          <div className="space-y-2">
            <label htmlFor={ids.mint} className="block text-sm font-medium text-slate-800">
              Mint URL
            </label>
            <input
              id={ids.mint}
              type="url"
              inputMode="url"
              value={form.mintUrl}
              onChange={(event) => setForm({ ...form, mintUrl: event.target.value })}
              placeholder="https://mint.example.com"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className={fieldClass}
            />
          </div>
          <div className="space-y-2">
            <label htmlFor={ids.relays} className="block text-sm font-medium text-slate-800">
              Nostr Relays
            </label>
            <textarea
              id={ids.relays}
              rows={4}
              value={form.relaysText}
              onChange={(event) => setForm({ ...form, relaysText: event.target.value })}
              placeholder="wss://relay.example.com"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className={`${fieldClass} font-mono`}
            />
            <p className="text-xs text-slate-500">One relay per line (ws:// or wss://).</p>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={saving} aria-busy={saving}>
              {saving ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        </form>
      )}

      <DeviceIdentity keys={services.storage.keys} logger={logger} />
    </section>
  );
}
