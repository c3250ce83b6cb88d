// Onboarding step 1 (/onboarding/mnemonic?mode=create|restore): show a new recovery phrase or
// take an existing one. The phrase goes to the session only; never to the URL or a log.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { countWords } from '../../core/keys';
import { generatePhrase, validatePhrase } from '../../core/keys/phrase';
import { FieldError } from '../../ui/forms/FieldError';
import { PhraseWords } from '../../ui/PhraseWords';
import type { PhraseStepProps } from './deps';
import { OnboardingFrame, StepActions } from './OnboardingFrame';
import { PhraseField } from './PhraseField';
import { isOnboardingMode, readSession, updateSession } from './session';
import { INVALID_MNEMONIC } from './texts.json';
import { INVALID_MNEMONIC_HELP } from './texts';
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

/** The phrase to show: the confirmed one when coming Back, else the unconfirmed draft. */
function storedCreatePhrase(): string | undefined {
  const session = readSession();
  if (session.mode === 'create' && session.phrase) return session.phrase;
  return session.draftPhrase;
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
      title="Your Recovery Phrase"
      subtitle="These 12 words are your new wallet. Write them down before you continue."
      onContinue={onContinue}
      canContinue={Boolean(phrase) && confirmed}
    >
      {phrase ? (
        <PhraseWords phrase={phrase} />
      ) : (
        <FieldError>Could not generate a recovery phrase. Please reload the page.</FieldError>
      )}
      <div
        role="note"
        aria-label="Security notice"
        className="space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        <p className="font-semibold">Keep these words secret and safe</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Write the words down on paper, in this exact order.</li>
          <li>Store them offline, somewhere only you can reach.</li>
          <li>Never share them with anyone, and never type them into another website.</li>
          <li>They are the only way to recover your wallet if this device is lost.</li>
        </ul>
      </div>
      <WrittenDownCheckbox checked={confirmed} onChange={setConfirmed} />
    </PhraseStep>
  );
}

function RestorePhrase({ services }: PhraseStepProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(() => {
    const session = readSession();
    return session.mode === 'restore' ? (session.phrase ?? '') : '';
  });
  const [error, setError] = useState<string>();
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
      if (!(caught instanceof Error && caught.message === INVALID_MNEMONIC)) {
        services.logger.error('Could not check the recovery phrase');
      }
      setError(INVALID_MNEMONIC);
      setChecking(false);
    }
  };

  return (
    <PhraseStep
      title="Restore Your Wallet"
      subtitle="Enter the recovery phrase of the wallet you want to restore."
      onContinue={() => void onContinue()}
      canContinue={enoughWords && !checking}
    >
      <PhraseField
        rows={4}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        hint={`${words} ${words === 1 ? 'word' : 'words'} entered`}
        error={error}
      />
      {error === INVALID_MNEMONIC ? (
        <p className="text-sm text-slate-700" data-testid="phrase-help">
          {INVALID_MNEMONIC_HELP}
        </p>
      ) : null}
    </PhraseStep>
  );
}

/** Step 1 of onboarding, creating or restoring: Back goes to the welcome. */
function PhraseStep({
  title,
  subtitle,
  onContinue,
  canContinue,
  children,
}: {
  title: string;
  subtitle: string;
  onContinue: () => void;
  canContinue: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <OnboardingFrame
      step={1}
      title={title}
      subtitle={subtitle}
      actions={
        <StepActions
          onBack={() => navigate(WELCOME)}
          onContinue={onContinue}
          canContinue={canContinue}
        />
      }
    >
      {children}
    </OnboardingFrame>
  );
}
