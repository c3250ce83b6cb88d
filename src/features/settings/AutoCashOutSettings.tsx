// Settings: automatic cash-out to a Lightning address at a balance threshold (off by default).
import { enterActivates } from '../../ui/enter-activates';
import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { AutoCashOutSettings as Settings } from '../../core/wallet/cash-out/auto-cash-out';
import { parseDestination } from '../../core/wallet/cash-out/lnurl';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

export const AUTO_TITLE = 'Automatic cash-out';
export const AUTO_NOTE =
  'When a payment brings the balance at this mint to the threshold, the whole balance minus fees is sent to your Lightning address.';
export const AUTO_ENABLE = 'Cash out automatically';
export const AUTO_ADDRESS = 'Lightning address';
export const AUTO_THRESHOLD = 'Threshold in sats';
export const AUTO_SAVE = 'Save automatic cash-out';
export const AUTO_SAVED = 'Automatic cash-out saved.';
export const AUTO_NEEDS_ADDRESS = 'Enter a Lightning address (name@domain) or an LNURL.';
export const AUTO_NEEDS_THRESHOLD = 'Enter a threshold of at least 2 sats.';

export interface AutoCashOutStore {
  get(): Promise<Settings>;
  set(settings: Settings): Promise<void>;
}

/** Checks the form; the message to show, or null when it can be saved. */
export function checkAutoCashOut(settings: Settings): string | null {
  if (!settings.enabled) return null;
  try {
    if (parseDestination(settings.address).kind !== 'lnurl') return AUTO_NEEDS_ADDRESS;
  } catch (error) {
    return errorMessage(error, AUTO_NEEDS_ADDRESS);
  }
  if (!Number.isSafeInteger(settings.threshold) || settings.threshold < 2) {
    return AUTO_NEEDS_THRESHOLD;
  }
  return null;
}

export function AutoCashOutSettings({
  store,
  logger,
  guard = (action) => action(),
}: {
  store: AutoCashOutStore;
  logger: Logger;
  /** Asks for the merchant PIN before saving, when the gate is closed (ui/pin-gate.tsx). */
  guard?: (action: () => void) => void;
}) {
  const [form, setForm] = useState<{ enabled: boolean; address: string; threshold: string }>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    store
      .get()
      .then((s) => {
        if (live) {
          setForm({
            enabled: s.enabled,
            address: s.address,
            threshold: s.threshold ? String(s.threshold) : '',
          });
        }
      })
      .catch((loadError: unknown) => {
        logger.error('Could not load automatic cash-out settings', loadError);
        if (live) setForm({ enabled: false, address: '', threshold: '' });
      });
    return () => {
      live = false;
    };
  }, [store, logger]);

  if (!form) return null;

  const onSave = async () => {
    const settings: Settings = {
      enabled: form.enabled,
      address: form.address.trim(),
      threshold: Number(form.threshold || 0),
    };
    const problem = checkAutoCashOut(settings);
    setError(problem ?? undefined);
    if (problem) return;
    setSaving(true);
    try {
      await store.set(settings);
      toast.success(AUTO_SAVED);
    } catch (saveError) {
      logger.error('Saving automatic cash-out failed', saveError);
      toast.error(errorMessage(saveError));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="auto-cash-out"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        guard(() => void onSave());
      }}
    >
      <h2 id="auto-cash-out" className="text-lg font-semibold text-slate-900">
        {AUTO_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{AUTO_NOTE}</p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
          onKeyDown={enterActivates}
        />
        {AUTO_ENABLE}
      </label>
      <TextField
        label={AUTO_ADDRESS}
        value={form.address}
        onChange={(address) => setForm({ ...form, address })}
        placeholder="name@domain"
        mono
      />
      <TextField
        label={AUTO_THRESHOLD}
        value={form.threshold}
        onChange={(threshold) => setForm({ ...form, threshold: threshold.replace(/[^0-9]/g, '') })}
        error={error}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {AUTO_SAVE}
        </Button>
      </div>
    </form>
  );
}
