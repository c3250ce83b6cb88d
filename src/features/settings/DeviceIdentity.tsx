// The device's public key (npub) and, behind a warning, its recovery phrase.
import { useEffect, useState } from 'react';
import type { DeviceKeys } from '../../core/keys';
import type { Logger } from '../../core/logger';
import type { KeyStore } from '../../core/keys/ports';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { PhraseWords } from '../../ui/PhraseWords';
import { NO_PHRASE_TEXT } from './texts.json';
import { Card } from '../../ui/Card';

type Reveal = { step: 'closed' } | { step: 'confirm' } | { step: 'shown'; phrase?: string };

export interface DeviceIdentityProps {
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  keys: Pick<KeyStore, 'getMnemonic'>;
  logger: Logger;
  /** Asks for the merchant PIN before the phrase is shown, when the gate is closed (ui/pin-gate.tsx). */
  guard?: (action: () => void) => void;
}

export function DeviceIdentity({
  deviceKeys,
  keys,
  logger,
  guard = (action) => action(),
}: DeviceIdentityProps) {
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
    <Card titleId="device-identity-title" title="Device Identity" gap={4}>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">Public key (npub)</p>
        <code
          data-testid="device-npub"
          className="block rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800 ring-1 ring-slate-200"
        >
          {npub ?? 'Loading...'}
        </code>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">Recovery phrase</p>
        <p className="text-xs text-slate-500">
          Anyone who sees it can take the funds of this wallet. Only reveal it somewhere private.
        </p>
        <Button variant="outline" onClick={() => setReveal({ step: 'confirm' })}>
          Show Recovery Phrase
        </Button>
      </div>

      <Modal
        open={reveal.step === 'confirm'}
        onClose={close}
        title="Show recovery phrase?"
        description="Anyone who sees these words can take your funds. Make sure nobody is watching your screen."
      >
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              // The confirmation closes while the PIN is asked; the phrase shows after it.
              close();
              guard(() => void onReveal());
            }}
          >
            Reveal Phrase
          </Button>
        </div>
      </Modal>
      <Modal open={reveal.step === 'shown'} onClose={close} title="Your Recovery Phrase">
        <div className="space-y-4">
          {reveal.step === 'shown' && reveal.phrase ? (
            <PhraseWords phrase={reveal.phrase} />
          ) : (
            <p className="text-sm text-slate-600">{NO_PHRASE_TEXT}</p>
          )}
          <div className="flex justify-end">
            <Button onClick={close}>Close</Button>
          </div>
        </div>
      </Modal>
    </Card>
  );
}
