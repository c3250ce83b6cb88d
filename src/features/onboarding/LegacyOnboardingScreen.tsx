// Single-page onboarding (/onboarding-legacy): mode toggle, mint URL, relays and phrase together.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  mintUrlProblem,
  normaliseMintInput,
  parseRelayLines,
  relaysProblem,
} from '../../core/settings/settings-input';
import { WalletExistsError } from '../../core/errors';
import { Button } from '../../ui/Button';
import { PhraseWords, PhraseWordsPlaceholder } from '../../ui/PhraseWords';
import { SegmentButton, SegmentTrack } from '../../ui/forms/Segmented';
import { MintUrlField, RelaysField } from '../../ui/forms/SettingsFields';
import { useFormToasts } from '../../ui/forms/use-form-toasts';
import { completeOnboarding } from './complete-onboarding';
import type { OnboardingScreenProps } from './deps';
import { OnboardingFrame } from './OnboardingFrame';
import { PhraseField } from './PhraseField';
import { clearSession, type OnboardingMode } from './session';
import { LEGACY_TEXTS } from './texts';
import { WrittenDownCheckbox } from './WrittenDownCheckbox';

export function LegacyOnboardingScreen({ services }: OnboardingScreenProps) {
  const navigate = useNavigate();
  const { settings, logger } = services;
  const [mode, setMode] = useState<OnboardingMode>('create');
  const [mintUrl, setMintUrl] = useState(settings.defaultMintUrl);
  const [relaysText, setRelaysText] = useState(settings.defaultRelays.join('\n'));
  const [generated, setGenerated] = useState<string>();
  const [restoreText, setRestoreText] = useState('');
  const [busy, setBusy] = useState(false);
  const [writtenDown, setWrittenDown] = useState(false);
  // An error toast from a failed try must not stay beside "You're all set!".
  const toasts = useFormToasts();
  // As in the step-by-step onboarding: a new wallet needs the phrase confirmed as written down.
  const canContinue = !busy && (mode === 'restore' || writtenDown);

  useEffect(() => {
    let cancelled = false;
    import('../../core/keys/phrase')
      .then(({ generatePhrase }) => {
        if (!cancelled) setGenerated(generatePhrase());
      })
      .catch((error: unknown) => logger.error('Could not generate a recovery phrase', error));
    return () => {
      cancelled = true;
    };
  }, [logger]);

  /**
   * The first problem as its toast text (docs/behaviour.md "One-page onboarding"), or the phrase to
   * use.
   */
  const check = async (): Promise<{ problem: string } | { phrase: string }> => {
    const mintProblem = mintUrlProblem(mintUrl);
    if (mintProblem) return { problem: mintProblem };
    const relayProblem = relaysProblem(parseRelayLines(relaysText));
    if (relayProblem) return { problem: relayProblem };
    const phrase = mode === 'restore' ? restoreText.trim() : generated;
    if (mode === 'restore' && !phrase) return { problem: LEGACY_TEXTS.restoreEmpty };
    if (!phrase) return { problem: LEGACY_TEXTS.phraseMissing };
    const { isValidPhrase, validatePhrase } = await import('../../core/keys/phrase');
    if (!isValidPhrase(phrase)) return { problem: LEGACY_TEXTS.invalidMnemonic };
    return { phrase: validatePhrase(phrase) };
  };

  const onContinue = async () => {
    if (!canContinue) return;
    setBusy(true);
    try {
      const checked = await check();
      if ('problem' in checked) {
        toasts.error(checked.problem);
        setBusy(false);
        return;
      }
      await completeOnboarding(
        {
          config: services.storage.config,
          deviceKeys: services.deviceKeys,
          inbox: services.inbox,
          logger,
          ...(services.restore ? { restore: services.restore } : {}),
          ...(services.storage.phraseCheck ? { phraseCheck: services.storage.phraseCheck } : {}),
          ...(services.deviceStorage
            ? { persistStorage: () => services.deviceStorage!.persist() }
            : {}),
          ...(services.deviceIdentity ? { deviceIdentity: services.deviceIdentity } : {}),
        },
        {
          mintUrl: normaliseMintInput(mintUrl),
          relays: parseRelayLines(relaysText),
          phrase: checked.phrase,
          mode,
        },
      );
    } catch (error) {
      if (error instanceof WalletExistsError) {
        // Another tab finished first, or the till already had a wallet: it stays as it is.
        toasts.error(error.message);
        navigate('/', { replace: true });
        return;
      }
      logger.error('Legacy onboarding failed to save', error);
      toasts.error(LEGACY_TEXTS.saveFailed);
      setBusy(false);
      return;
    }
    clearSession();
    toasts.success(LEGACY_TEXTS.success);
    if (mode === 'restore') void services.restore?.resume();
    navigate('/', { replace: true });
  };

  const modeButton = (value: OnboardingMode, label: string) => (
    <SegmentButton
      selected={mode === value}
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
    >
      {label}
    </SegmentButton>
  );

  return (
    <OnboardingFrame
      title="Set Up Your Wallet"
      subtitle="Choose a mint and relays, and keep your recovery phrase safe."
      actions={
        <Button className="sm:ml-auto" onClick={() => void onContinue()} disabled={!canContinue}>
          {busy ? 'Saving...' : 'Continue'}
        </Button>
      }
    >
      <SegmentTrack role="group" aria-label="Wallet mode">
        {modeButton('create', 'New Wallet')}
        {modeButton('restore', 'Restore Wallet')}
      </SegmentTrack>
      <MintUrlField value={mintUrl} onChange={setMintUrl} />
      <RelaysField rows={3} value={relaysText} onChange={setRelaysText} />
      {mode === 'create' ? (
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-800">Your recovery phrase</p>
          {generated ? (
            <PhraseWords phrase={generated} />
          ) : (
            <PhraseWordsPlaceholder>Generating your recovery phrase...</PhraseWordsPlaceholder>
          )}
          <p className="text-xs text-amber-800">
            Write these words down in order and keep them offline. They are the only way to recover
            your wallet. Never share them.
          </p>
          <WrittenDownCheckbox checked={writtenDown} onChange={setWrittenDown} />
        </div>
      ) : (
        <PhraseField rows={3} value={restoreText} onChange={setRestoreText} />
      )}
    </OnboardingFrame>
  );
}
