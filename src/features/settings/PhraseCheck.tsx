// Settings "Check your recovery phrase": three of its words, chosen at random, typed back. Done
// once, the wallet's reminder never shows again (docs/behaviour.md).
/** The card's id: the Wallet's phrase reminder links to it (/settings#phrase-check). */
const PHRASE_CHECK_ANCHOR = 'phrase-check';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast/toast';
import type { Logger } from '../../core/logger';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { KeyStore } from '../../core/keys/ports';
import { Card } from '../../ui/Card';
import { useRead } from '../../ui/use-read';
import { PhraseWordsForm } from './PhraseWordsForm';
import {
  PHRASE_CHECKED,
  PHRASE_CHECK_CONFIRMED,
  PHRASE_CHECK_INTRO,
  PHRASE_CHECK_TITLE,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

type State = { step: 'loading' } | { step: 'none' } | { step: 'checked' } | { step: 'asking' };
const NONE: State = { step: 'none' };

export function PhraseCheck({
  keys,
  phraseCheck,
  logger,
}: {
  keys: Pick<KeyStore, 'getMnemonic'>;
  phraseCheck: PhraseCheckStore;
  logger: Logger;
}) {
  const t = useTexts();
  const [state, setState] = useState<State>({ step: 'loading' });
  const sectionRef = useRef<HTMLElement>(null);

  const read = useCallback(
    () => Promise.all([keys.getMnemonic(), phraseCheck.isConfirmed()]),
    [keys, phraseCheck],
  );
  useRead(
    read,
    ([phrase, confirmed]) => setState(phrase ? { step: confirmed ? 'checked' : 'asking' } : NONE),
    (error) => {
      logger.error('Could not read the recovery phrase state', error);
      setState(NONE);
    },
  );

  // Reached from the wallet's reminder (/settings#phrase-check): bring the section into view.
  useEffect(() => {
    if (state.step === 'asking' && globalThis.location?.hash === `#${PHRASE_CHECK_ANCHOR}`) {
      sectionRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [state.step]);

  if (state.step === 'loading' || state.step === 'none') return null;

  const onMatch = async () => {
    await phraseCheck.setConfirmed();
    setState({ step: 'checked' });
    toast.success(t(PHRASE_CHECK_CONFIRMED));
  };

  return (
    <Card
      id={PHRASE_CHECK_ANCHOR}
      ref={sectionRef}
      titleId="phrase-check-title"
      title={t(PHRASE_CHECK_TITLE)}
    >
      {state.step === 'checked' ? (
        <p className="text-sm text-slate-700" data-testid="phrase-checked">
          {t(PHRASE_CHECKED)}
        </p>
      ) : (
        <PhraseWordsForm
          keys={keys}
          logger={logger}
          intro={t(PHRASE_CHECK_INTRO)}
          onMatch={onMatch}
        />
      )}
    </Card>
  );
}
