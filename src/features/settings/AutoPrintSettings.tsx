// Settings: "Print receipts automatically" (off by default; docs/behaviour.md "Receipts"). Saved as
// soon as it is changed.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { ReceiptPrintStore } from '../../core/receipts/receipt-print';
import { toast } from '../../ui/toast';
import {
  AUTO_PRINT_LABEL,
  AUTO_PRINT_NOTE,
  AUTO_PRINT_SAVE_FAILED,
  AUTO_PRINT_TITLE,
} from './texts';

export interface AutoPrintSettingsProps {
  store: Pick<ReceiptPrintStore, 'autoPrint' | 'setAutoPrint'>;
  logger: Logger;
}

export function AutoPrintSettings({ store, logger }: AutoPrintSettingsProps) {
  const [on, setOn] = useState<boolean>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    store
      .autoPrint()
      .then((value) => live && setOn(value))
      .catch((error: unknown) => {
        logger.error('Could not read the receipt printing setting', error);
        if (live) setOn(false);
      });
    return () => {
      live = false;
    };
  }, [store, logger]);

  if (on === undefined) return null;

  const onChange = async (value: boolean) => {
    // Shown at once, as the box was ticked; put back if it could not be saved.
    setOn(value);
    setSaving(true);
    try {
      await store.setAutoPrint(value);
    } catch (error) {
      logger.error('Saving the receipt printing setting failed', error);
      setOn(!value);
      toast.error(AUTO_PRINT_SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby="auto-print"
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="auto-print" className="text-lg font-semibold text-slate-900">
        {AUTO_PRINT_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{AUTO_PRINT_NOTE}</p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={on}
          disabled={saving}
          onChange={(event) => void onChange(event.target.checked)}
        />
        {AUTO_PRINT_LABEL}
      </label>
    </section>
  );
}
