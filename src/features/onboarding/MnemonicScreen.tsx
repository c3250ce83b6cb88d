// Onboarding step 1 (/onboarding/mnemonic?mode=create|restore): show a new recovery phrase or
// take an existing one. The phrase goes to the session only; never to the URL or a log.
import { useEffect, useState, type ComponentProps } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { countWords } from '../../core/keys/phrase-shape';
import { generatePhrase, validatePhrase } from '../../core/keys/phrase';
import { FieldError } from '../../ui/forms/FieldError';
import { PhraseWords } from '../../ui/PhraseWords';
import { INVALID_MNEMONIC as INVALID_PHRASE_ERROR } from '../../core/keys/phrase';
import { useTexts } from '../../ui/i18n';
import type { PhraseStepProps } from './deps';
import {
  INVALID_MNEMONIC,
  INVALID_MNEMONIC_HELP,
  PHRASE_FAILED,
  PHRASE_FIELD_LABEL,
  PHRASE_SUBTITLE,
  PHRASE_TITLE,
  RESTORE_SUBTITLE,
  RESTORE_TITLE,
  SECURITY_NEVER_SHARE,
  SECURITY_NOTICE,
  SECURITY_OFFLINE,
  SECURITY_ONLY_WAY,
  SECURITY_PAPER,
  SECURITY_TITLE,
  WORDS_ENTERED,
} from './locales/onboarding/en.json';
import { PhraseField } from './PhraseField';
import { isOnboardingMode, readSession, storedCreatePhrase, updateSession } from './session';
import { ContinueStep } from './StepActions';
import { WrittenDownCheckbox } from './WrittenDownCheckbox';

/**
 * docs/behaviour.md "Step 1, restore": restore may continue once the text holds at least this many
 * words.
 */
export const MIN_RESTORE_WORDS = 12;

const WELCOME = '/onboarding/welcome';
const NEXT = '/onboarding/mint-selection';

export function MnemonicScreen({ services }: PhraseStepProps) {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  if (!isOnboardingMode(mode)) return <Navigate to={WELCOME} replace />;
  return mode === 'create' ? (
    <CreatePhrase services={services} />
  ) : (
    <RestorePhrase services={services} />
  );
}

/** A new phrase, or undefined when the browser cannot make one (no secure random source). */
function newPhrase(logger: PhraseStepProps['services']['logger']): string | undefined {
  try {
    return generatePhrase();
  } catch (error) {
    logger.error('Could not generate a recovery phrase', error);
    return undefined;
  }
}

function CreatePhrase({ services }: PhraseStepProps) {
  const navigate = useNavigate();
  const t = useTexts();
  const { logger } = services;
  // Made in the first render, so the tap on "Create New Wallet" shows the words at once (issue 35):
  // the word list comes in this screen's own chunk, fetched while the welcome was idle.
  const [phrase] = useState(() => storedCreatePhrase() ?? newPhrase(logger));
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    // Kept so the same words come back after Back or a reload, until onboarding ends.
    if (phrase && !storedCreatePhrase()) updateSession({ draftPhrase: phrase });
  }, [phrase]);

  const onContinue = () => {
    if (!phrase || !confirmed) return;
    updateSession({ phrase, mode: 'create' });
    navigate(NEXT);
  };

  return (
    <PhraseStep
      title={t(PHRASE_TITLE)}
      subtitle={t(PHRASE_SUBTITLE)}
      onContinue={onContinue}
      canContinue={Boolean(phrase) && confirmed}
    >
      {phrase ? (
        <PhraseWords phrase={phrase} label={t(PHRASE_FIELD_LABEL)} />
      ) : (
        <FieldError>{t(PHRASE_FAILED)}</FieldError>
      )}
      <div
        role="note"
        aria-label={t(SECURITY_NOTICE)}
        className="space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        <p className="font-semibold">{t(SECURITY_TITLE)}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t(SECURITY_PAPER)}</li>
          <li>{t(SECURITY_OFFLINE)}</li>
          <li>{t(SECURITY_NEVER_SHARE)}</li>
          <li>{t(SECURITY_ONLY_WAY)}</li>
        </ul>
      </div>
      <WrittenDownCheckbox checked={confirmed} onChange={setConfirmed} />
    </PhraseStep>
  );
}

function RestorePhrase({ services }: PhraseStepProps) {
  const navigate = useNavigate();
  const t = useTexts();
  const [text, setText] = useState(() => {
    const session = readSession();
    return session.mode === 'restore' ? (session.phrase ?? '') : '';
  });
  // Only one error: the phrase is not valid (its text comes from the catalog when shown).
  const [invalid, setInvalid] = useState(false);
  const [checking, setChecking] = useState(false);
  const words = countWords(text);
  const enoughWords = words >= MIN_RESTORE_WORDS;

  const onContinue = async () => {
    if (!enoughWords || checking) return;
    setChecking(true);
    try {
      const phrase = validatePhrase(text);
      updateSession({ phrase, mode: 'restore' });
      navigate(NEXT);
    } catch (caught) {
      // The phrase itself is never logged: only that validation failed.
      if (!(caught instanceof Error && caught.message === INVALID_PHRASE_ERROR)) {
        services.logger.error('Could not check the recovery phrase');
      }
      setInvalid(true);
      setChecking(false);
    }
  };

  return (
    <PhraseStep
      title={t(RESTORE_TITLE)}
      subtitle={t(RESTORE_SUBTITLE)}
      onContinue={() => void onContinue()}
      canContinue={enoughWords && !checking}
    >
      <PhraseField
        rows={4}
        value={text}
        onChange={(value) => {
          setText(value);
          setInvalid(false);
        }}
        hint={t(WORDS_ENTERED, { count: words })}
        error={invalid ? t(INVALID_MNEMONIC) : undefined}
      />
      {invalid ? (
        <p className="text-sm text-slate-700" data-testid="phrase-help">
          {t(INVALID_MNEMONIC_HELP)}
        </p>
      ) : null}
    </PhraseStep>
  );
}

/** Step 1 of onboarding, creating or restoring: Back goes to the welcome. */
function PhraseStep(props: Omit<ComponentProps<typeof ContinueStep>, 'step' | 'back'>) {
  return <ContinueStep {...props} step={1} back={WELCOME} />;
}
