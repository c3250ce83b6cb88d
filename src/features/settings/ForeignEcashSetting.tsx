// Settings: "Accept ecash from other mints", off by default and saved as soon as it is changed
// (docs/protocol.md "Ecash from other mints").
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import { toast } from '../../ui/toast';
import {
  FOREIGN_ECASH_LABEL,
  FOREIGN_ECASH_NOTE,
  FOREIGN_ECASH_SAVE_FAILED,
  FOREIGN_ECASH_TITLE,
} from './texts';

export interface ForeignEcashSettingStore {
  acceptsOtherMints(): Promise<boolean>;
  setAcceptsOtherMints(accept: boolean): Promise<void>;
}

export function ForeignEcashSetting({
  store,
  logger,
}: {
  store: ForeignEcashSettingStore;
  logger: Logger;
}) {
  const [accept, setAccept] = useState<boolean>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    store
      .acceptsOtherMints()
      .then((value) => live && setAccept(value))
      .catch((error: unknown) => {
        logger.error('Could not read the other-mints ecash setting', error);
        if (live) setAccept(false);
      });
    return () => {
      live = false;
    };
  }, [store, logger]);

  if (accept === undefined) return null;

  const onChange = async (value: boolean) => {
    setAccept(value);
    setSaving(true);
    try {
      await store.setAcceptsOtherMints(value);
    } catch (error) {
      logger.error('Saving the other-mints ecash setting failed', error);
      setAccept(!value);
      toast.error(FOREIGN_ECASH_SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby="foreign-ecash"
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="foreign-ecash" className="text-lg font-semibold text-slate-900">
        {FOREIGN_ECASH_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{FOREIGN_ECASH_NOTE}</p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={accept}
          disabled={saving}
          onChange={(event) => void onChange(event.target.checked)}
        />
        {FOREIGN_ECASH_LABEL}
      </label>
    </section>
  );
}
