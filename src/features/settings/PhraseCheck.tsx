// Settings "Check your recovery phrase": three of its words, chosen at random, typed back. Done
// once, the wallet's reminder never shows again (docs/behaviour.md).
import {
  PHRASE_CHECK_TITLE,
  PHRASE_CHECK_INTRO,
  PHRASE_CHECK_CONFIRMED,
  PHRASE_CHECKED,
  PHRASE_CHECK_ANCHOR,
} from './texts.json';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import type { Logger } from '../../core/logger';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { KeyStore } from '../../core/keys/ports';
import { Card } from '../../ui/Card';
import { useRead } from '../../ui/use-read';
import { PhraseWordsForm } from './PhraseWordsForm';

export { PHRASE_CHECK_BUTTON, PHRASE_CHECK_WRONG, wordLabel } from './PhraseWordsForm';

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
    toast.success(PHRASE_CHECK_CONFIRMED);
  };

  return (
    <Card
      id={PHRASE_CHECK_ANCHOR}
      ref={sectionRef}
      titleId="phrase-check-title"
      title={PHRASE_CHECK_TITLE}
    >
      {state.step === 'checked' ? (
        <p className="text-sm text-slate-700" data-testid="phrase-checked">
          {PHRASE_CHECKED}
        </p>
      ) : (
        <PhraseWordsForm keys={keys} logger={logger} intro={PHRASE_CHECK_INTRO} onMatch={onMatch} />
      )}
    </Card>
  );
}
