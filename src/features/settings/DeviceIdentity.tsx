// The device's public key (npub) and, behind a warning, its recovery phrase.
import { useEffect, useState } from 'react';
import type { DeviceKeys } from '../../core/keys';
import type { Logger } from '../../core/logger';
import type { KeyStore } from '../../core/keys/ports';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { PhraseWords } from '../../ui/PhraseWords';
import { Card } from '../../ui/Card';
import {
  DEVICE_IDENTITY,
  NO_PHRASE_TEXT,
  NPUB_LABEL,
  PHRASE_LABEL,
  PHRASE_MODAL_TITLE,
  PHRASE_WARNING,
  REVEAL_PHRASE,
  SETTINGS_CANCEL,
  SETTINGS_CLOSE,
  SETTINGS_LOADING,
  SHOW_PHRASE,
  SHOW_PHRASE_NOTE,
  SHOW_PHRASE_TITLE,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

type Reveal = { step: 'closed' } | { step: 'confirm' } | { step: 'shown'; phrase?: string };

export interface DeviceIdentityProps {
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  keys: Pick<KeyStore, 'getMnemonic'>;
  logger: Logger;
  /** Asks for the merchant PIN before the phrase is shown, when the gate is closed (ui/pin/pin-gate.tsx). */
  guard?: (action: () => void) => void;
}

export function DeviceIdentity({
  deviceKeys,
  keys,
  logger,
  guard = (action) => action(),
}: DeviceIdentityProps) {
  const t = useTexts();
  const [npub, setNpub] = useState<string>();
  const [reveal, setReveal] = useState<Reveal>({ step: 'closed' });

  useEffect(() => {
    let cancelled = false;
    deviceKeys
      .getKeypair()
      .then((keypair) => {
        if (!cancelled) setNpub(keypair.npub);
      })
      .catch((error: unknown) => logger.error('Could not read the device key', error));
    return () => {
      cancelled = true;
    };
  }, [deviceKeys, logger]);

  const onReveal = async () => {
    try {
      setReveal({ step: 'shown', phrase: await keys.getMnemonic() });
    } catch (error) {
      logger.error('Could not read the recovery phrase', error);
      setReveal({ step: 'shown' });
    }
  };
  // Closing drops the phrase from memory; it is read again on the next reveal.
  const close = () => setReveal({ step: 'closed' });

  return (
    <Card titleId="device-identity-title" title={t(DEVICE_IDENTITY)} gap={4}>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">{t(NPUB_LABEL)}</p>
        <code
          data-testid="device-npub"
          className="block rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800 ring-1 ring-slate-200"
        >
          {npub ?? t(SETTINGS_LOADING)}
        </code>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t(PHRASE_LABEL)}</p>
        <p className="text-xs text-slate-500">{t(PHRASE_WARNING)}</p>
        <Button variant="outline" onClick={() => setReveal({ step: 'confirm' })}>
          {t(SHOW_PHRASE)}
        </Button>
      </div>

      <Modal
        open={reveal.step === 'confirm'}
        onClose={close}
        title={t(SHOW_PHRASE_TITLE)}
        description={t(SHOW_PHRASE_NOTE)}
      >
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={close}>
            {t(SETTINGS_CANCEL)}
          </Button>
          <Button
            onClick={() => {
              // The confirmation closes while the PIN is asked; the phrase shows after it.
              close();
              guard(() => void onReveal());
            }}
          >
            {t(REVEAL_PHRASE)}
          </Button>
        </div>
      </Modal>
      <Modal open={reveal.step === 'shown'} onClose={close} title={t(PHRASE_MODAL_TITLE)}>
        <div className="space-y-4">
          {reveal.step === 'shown' && reveal.phrase ? (
            <PhraseWords phrase={reveal.phrase} label={t(PHRASE_LABEL)} />
          ) : (
            <p className="text-sm text-slate-600">{t(NO_PHRASE_TEXT)}</p>
          )}
          <div className="flex justify-end">
            <Button onClick={close}>{t(SETTINGS_CLOSE)}</Button>
          </div>
        </div>
      </Modal>
    </Card>
  );
}
