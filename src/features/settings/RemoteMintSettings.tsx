// Settings, remote cashiers: the mints cashiers may sell on (removable, except the current one),
// whether sales on mints that cannot lock quotes are taken (off by default), and how many
// messages were refused and why (docs/behaviour.md "Settings"). Each change republishes the
// merchant profile, which is what cashiers read.
import { useCallback, useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type {
  AcceptedMintStore,
  RefusalCounter,
  RefusedCounts,
  UnlockedSalesSetting,
} from '../../core/remote-payments/merchant/merchant-ports';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast/toast';
import { UNPAIRED_SWITCH } from './texts';
import { SettingsPart } from './SettingsPart';
import {
  ACCEPTED_MINTS_HEADING,
  REFUSED_MINT,
  REFUSED_UNLOCKED,
  REFUSED_LINES,
  REFUSED_UNPAIRED,
  REMOVE_MINT,
  ACCEPTED_MINTS_NOTE,
  REFUSED_HEADING,
  SETTINGS_CURRENT_MINT,
  UNLOCKED_LABEL,
  UNLOCKED_NOTE,
} from './locales/settings/en.json';
import { useTexts, useFormats } from '../../ui/i18n';
import { CheckboxField } from '../../ui/forms/CheckboxField';

export type RemoteMintStore = AcceptedMintStore & UnlockedSalesSetting & RefusalCounter;

export interface RemoteMintSettingsProps {
  store: RemoteMintStore;
  merchantProfile: { sync(): Promise<unknown> };
  logger: Logger;
}

/** How often the refusal counts are read again while Settings is open. */
const REFUSED_REFRESH_MS = 5_000;

interface Loaded {
  mints: string[];
  unlocked: boolean;
  refused: RefusedCounts;
}

export function RemoteMintSettings({ store, merchantProfile, logger }: RemoteMintSettingsProps) {
  const t = useTexts();
  const formats = useFormats();
  const [loaded, setLoaded] = useState<Loaded>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const [mints, unlocked, refused] = await Promise.all([
      store.acceptedMints(),
      store.acceptsUnlocked(),
      store.refusedCounts(),
    ]);
    return { mints, unlocked, refused };
  }, [store]);

  useEffect(() => {
    let live = true;
    load()
      .then((value) => live && setLoaded(value))
      .catch((error: unknown) => logger.error('Could not read the remote cashier mints', error));
    return () => {
      live = false;
    };
  }, [load, logger]);

  // The inbox counts refusals in the background: the numbers are read again while shown.
  useEffect(() => {
    const timer = setInterval(() => {
      store
        .refusedCounts()
        .then((refused) => setLoaded((shown) => shown && { ...shown, refused }))
        .catch((error: unknown) => logger.debug('Could not read the refusal counts', error));
    }, REFUSED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [store, logger]);

  if (!loaded) return null;

  const change = async (action: () => Promise<void>) => {
    setSaving(true);
    try {
      await action();
      setLoaded(await load());
      void merchantProfile.sync();
    } catch (error) {
      logger.error('Saving the remote cashier mints failed', error);
      toast.error(t(UNPAIRED_SWITCH.saveFailed));
      setLoaded(await load().catch(() => loaded));
    } finally {
      setSaving(false);
    }
  };

  const [current, ...others] = loaded.mints;
  return (
    <SettingsPart
      gap={3}
      titleId="accepted-mints"
      title={t(ACCEPTED_MINTS_HEADING)}
      note={t(ACCEPTED_MINTS_NOTE)}
    >
      <ul aria-labelledby="accepted-mints" className="space-y-2" data-testid="accepted-mints">
        {current ? (
          <li className="text-sm break-all text-slate-800">
            {current} <span className="text-slate-500">{t(SETTINGS_CURRENT_MINT)}</span>
          </li>
        ) : null}
        {others.map((mint) => (
          <li key={mint} className="flex items-center justify-between gap-2 text-sm">
            <span className="break-all text-slate-800">{mint}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={saving}
              aria-label={t(REMOVE_MINT, { mint })}
              onClick={() => void change(() => store.removeAcceptedMint(mint))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <CheckboxField
        label={t(UNLOCKED_LABEL)}
        checked={loaded.unlocked}
        disabled={saving}
        onChange={(value) => {
          // Shown at once, as the box was ticked; the stored value is read back after saving.
          setLoaded({ ...loaded, unlocked: value });
          void change(() => store.setAcceptsUnlocked(value));
        }}
      />
      <p className="text-sm text-slate-600">{t(UNLOCKED_NOTE)}</p>
      <h3 id="refused-payments" className="text-base font-semibold text-slate-900">
        {t(REFUSED_HEADING)}
      </h3>
      <ul
        aria-labelledby="refused-payments"
        className="space-y-1 text-sm text-slate-700"
        data-testid="refused-payments"
      >
        <li>{t(REFUSED_UNPAIRED, { n: formats.number(loaded.refused.unpaired) })}</li>
        <li>{t(REFUSED_MINT, { n: formats.number(loaded.refused.mint) })}</li>
        <li>{t(REFUSED_UNLOCKED, { n: formats.number(loaded.refused.unlocked) })}</li>
        <li>{t(REFUSED_LINES, { n: formats.number(loaded.refused.lines) })}</li>
      </ul>
    </SettingsPart>
  );
}
