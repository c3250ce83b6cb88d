// Settings: whether payments from cashier links without the pairing secret are taken (off by
// default; docs/behaviour.md "Settings"). Saved as soon as it is changed.
import { useEffect, useState, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import type { PairingStore } from '../../core/remote-payments/merchant-ports';
import { toast } from '../../ui/toast';
import { UNPAIRED_LABEL, UNPAIRED_NOTE, UNPAIRED_SAVE_FAILED, UNPAIRED_TITLE } from './texts';

export interface UnpairedSendersProps {
  store: Pick<PairingStore, 'acceptsUnpaired' | 'setAcceptsUnpaired'>;
  /** the merchant profile says whether a pairing is required */
  merchantProfile: { sync(): Promise<unknown> };
  logger: Logger;
  /** more remote cashier settings, shown in the same section (RemoteMintSettings) */
  children?: ReactNode;
}

export function UnpairedSenders({
  store,
  merchantProfile,
  logger,
  children,
}: UnpairedSendersProps) {
  const [accept, setAccept] = useState<boolean>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    store
      .acceptsUnpaired()
      .then((value) => live && setAccept(value))
      .catch((error: unknown) => {
        logger.error('Could not read the unpaired cashier setting', error);
        if (live) setAccept(false);
      });
    return () => {
      live = false;
    };
  }, [store, logger]);

  if (accept === undefined) return null;

  const onChange = async (value: boolean) => {
    // Shown at once, as the box was ticked; put back if it could not be saved.
    setAccept(value);
    setSaving(true);
    try {
      await store.setAcceptsUnpaired(value);
      void merchantProfile.sync();
    } catch (error) {
      logger.error('Saving the unpaired cashier setting failed', error);
      setAccept(!value);
      toast.error(UNPAIRED_SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby="unpaired-senders"
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="unpaired-senders" className="text-lg font-semibold text-slate-900">
        {UNPAIRED_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{UNPAIRED_NOTE}</p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={accept}
          disabled={saving}
          onChange={(event) => void onChange(event.target.checked)}
        />
        {UNPAIRED_LABEL}
      </label>
      {children}
    </section>
  );
}
