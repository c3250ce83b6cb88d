// Settings "Check your recovery phrase": three of its words, chosen at random, typed back. Done
// once, the wallet's reminder never shows again (docs/behaviour.md).
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import type { Logger } from '../../core/logger';
import {
  cryptoRandomBelow,
  pickWordPositions,
  wordsMatch,
  type PhraseCheckStore,
} from '../../core/keys/phrase-check';
import type { KeyStore } from '../../core/ports';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { Card } from '../../ui/Card';

export const PHRASE_CHECK_TITLE = 'Check your recovery phrase';
export const PHRASE_CHECK_INTRO =
  'Type these words of your written recovery phrase, to be sure it can bring this wallet back.';
export const PHRASE_CHECK_BUTTON = 'Check words';
export const PHRASE_CHECK_WRONG =
  'These words do not match your recovery phrase. Look at your written copy and try again.';
export const PHRASE_CHECK_CONFIRMED = 'Recovery phrase checked. The reminder will not show again.';
export const PHRASE_CHECKED = 'Your recovery phrase has been checked.';
export const wordLabel = (position: number) => `Word ${position + 1}`;
export const PHRASE_CHECK_ANCHOR = 'phrase-check';

type State =
  | { step: 'loading' }
  | { step: 'none' }
  | { step: 'checked' }
  | { step: 'asking'; positions: number[] };

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
  const [typed, setTyped] = useState<string[]>([]);
  const [wrong, setWrong] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    let active = true;
    Promise.all([keys.getMnemonic(), phraseCheck.isConfirmed()])
      .then(([phrase, confirmed]) => {
        if (!active) return;
        if (!phrase) setState({ step: 'none' });
        else if (confirmed) setState({ step: 'checked' });
        else {
          const positions = pickWordPositions(phrase.trim().split(/\s+/).length, cryptoRandomBelow);
          setTyped(positions.map(() => ''));
          setState({ step: 'asking', positions });
        }
      })
      .catch((error: unknown) => {
        logger.error('Could not read the recovery phrase state', error);
        if (active) setState({ step: 'none' });
      });
    return () => {
      active = false;
    };
  }, [keys, phraseCheck, logger]);

  // Reached from the wallet's reminder (/settings#phrase-check): bring the section into view.
  useEffect(() => {
    if (state.step === 'asking' && globalThis.location?.hash === `#${PHRASE_CHECK_ANCHOR}`) {
      sectionRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [state.step]);

  if (state.step === 'loading' || state.step === 'none') return null;

  const onCheck = async () => {
    if (state.step !== 'asking') return;
    try {
      // Read afresh and dropped at once: the phrase is not kept in the component.
      const phrase = (await keys.getMnemonic()) ?? '';
      if (!wordsMatch(phrase, state.positions, typed)) {
        setWrong(true);
        return;
      }
      await phraseCheck.setConfirmed();
      setState({ step: 'checked' });
      toast.success(PHRASE_CHECK_CONFIRMED);
    } catch (error) {
      logger.error('Checking the recovery phrase failed', error);
    }
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
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void onCheck();
          }}
        >
          <p className="text-sm text-slate-600">{PHRASE_CHECK_INTRO}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            {state.positions.map((position, i) => (
              <TextField
                key={position}
                label={wordLabel(position)}
                mono
                autoCorrect="off"
                value={typed[i] ?? ''}
                onChange={(value) => {
                  setWrong(false);
                  setTyped((words) => words.map((w, j) => (j === i ? value : w)));
                }}
              />
            ))}
          </div>
          {wrong ? (
            <p role="alert" className="text-sm text-red-700">
              {PHRASE_CHECK_WRONG}
            </p>
          ) : null}
          <Button type="submit" variant="outline" disabled={typed.some((w) => w.trim() === '')}>
            {PHRASE_CHECK_BUTTON}
          </Button>
        </form>
      )}
    </Card>
  );
}
