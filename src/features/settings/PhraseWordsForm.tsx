// Three words of the stored recovery phrase, chosen at random, typed back: the form behind
// "Check your recovery phrase" and Replace wallet (docs/behaviour.md).
import { useCallback, useState } from 'react';
import type { Logger } from '../../core/logger';
import { cryptoRandomBelow, pickWordPositions, wordsMatch } from '../../core/keys/phrase-check';
import type { KeyStore } from '../../core/keys/ports';
import { FieldError } from '../../ui/forms/FieldError';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/forms/TextField';
import { Form } from '../../ui/forms/Form';
import { useRead } from '../../ui/use-read';
import { useTexts } from '../../ui/i18n';
import {
  PHRASE_CHECK_BUTTON,
  PHRASE_CHECK_WORD,
  PHRASE_CHECK_WRONG,
} from './locales/settings/en.json';

/** `onMatch` runs once the typed words are those of the stored phrase; nothing when none is stored. */
export function PhraseWordsForm({
  keys,
  logger,
  intro,
  onMatch,
}: {
  keys: Pick<KeyStore, 'getMnemonic'>;
  logger: Logger;
  intro: string;
  onMatch: () => Promise<void> | void;
}) {
  const t = useTexts();
  const [positions, setPositions] = useState<number[] | null>(null);
  const [typed, setTyped] = useState<string[]>([]);
  const [wrong, setWrong] = useState(false);

  const read = useCallback(() => keys.getMnemonic(), [keys]);
  useRead(
    read,
    (phrase) => {
      if (!phrase) return;
      const picked = pickWordPositions(phrase.trim().split(/\s+/).length, cryptoRandomBelow);
      setTyped(picked.map(() => ''));
      setPositions(picked);
    },
    (error) => logger.error('Could not read the recovery phrase', error),
  );

  if (!positions) return null;

  const onCheck = async () => {
    try {
      // Read afresh and dropped at once: the phrase is not kept in the component.
      const phrase = (await keys.getMnemonic()) ?? '';
      if (!wordsMatch(phrase, positions, typed)) {
        setWrong(true);
        return;
      }
      await onMatch();
    } catch (error) {
      logger.error('Checking the recovery phrase failed', error);
    }
  };

  return (
    <Form className="space-y-3" onSubmit={() => onCheck()}>
      <p className="text-sm text-slate-600">{intro}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {positions.map((position, i) => (
          <TextField
            key={position}
            label={t(PHRASE_CHECK_WORD, { n: position + 1 })}
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
      {wrong ? <FieldError>{t(PHRASE_CHECK_WRONG)}</FieldError> : null}
      <Button type="submit" variant="outline" disabled={typed.some((w) => w.trim() === '')}>
        {t(PHRASE_CHECK_BUTTON)}
      </Button>
    </Form>
  );
}
