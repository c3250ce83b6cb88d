// "Update" for a new version of the app, shown above the screen only while no invoice is open on
// the point of sale (docs/behaviour.md "Navigation shell"); pressing it activates the new version.
import { useState, useSyncExternalStore } from 'react';
import type { AppUpdate, InvoiceActivity } from './app-update';
import { useTexts } from '../../ui/i18n';
import { UPDATE_BUTTON_TEXT, UPDATE_READY_TEXT } from '../locales/banners/en.json';

export function UpdateBanner({
  update,
  activity,
}: {
  update: AppUpdate;
  activity: InvoiceActivity;
}) {
  const waiting = useSyncExternalStore(
    (listener) => update.subscribe(listener),
    () => update.waiting,
    // Prerendered (app/start-up/prerender.tsx): no update is waiting before the worker registers.
    () => false,
  );
  const busy = useSyncExternalStore(
    (listener) => activity.subscribe(listener),
    () => activity.busy,
    () => false,
  );
  const [installing, setInstalling] = useState(false);
  const t = useTexts();
  if (!waiting || busy) return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="mb-4 flex items-center justify-between gap-3 rounded-xl bg-violet-50 p-3 text-sm text-violet-900 ring-1 ring-violet-200"
    >
      <p>{t(UPDATE_READY_TEXT)}</p>
      <button
        type="button"
        disabled={installing}
        onClick={() => {
          setInstalling(true);
          void update.install().finally(() => setInstalling(false));
        }}
        className="min-h-11 shrink-0 rounded-lg bg-violet-700 px-4 py-2 font-semibold text-white hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:opacity-50"
      >
        {t(UPDATE_BUTTON_TEXT)}
      </button>
    </div>
  );
}
