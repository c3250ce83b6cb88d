// Single-page onboarding (/onboarding-legacy): mode toggle, mint URL, relays and phrase together.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  mintUrlProblem,
  normaliseMintInput,
  parseRelayLines,
  relaysProblemWords,
} from '../../core/settings/settings-input';
import { WalletExistsError } from '../../core/errors';
import { Button } from '../../ui/Button';
import { PhraseWords, PhraseWordsPlaceholder } from '../../ui/PhraseWords';
import { useFieldErrorText } from '../../ui/forms/field-errors';
import { SegmentButton, SegmentTrack } from '../../ui/forms/Segmented';
import { MintUrlField, RelaysField } from '../../ui/forms/SettingsFields';
import { useFormToasts } from '../../ui/forms/use-form-toasts';
import { completeOnboarding } from './complete-onboarding';
import { useTexts } from '../../ui/i18n';
import type { OnboardingScreenProps } from './deps';
import {
  GENERATING_PHRASE,
  INVALID_MNEMONIC,
  LEGACY_CONTINUE,
  LEGACY_NEW,
  LEGACY_PHRASE_NOTICE,
  LEGACY_RESTORE,
  LEGACY_SUBTITLE,
  LEGACY_SUCCESS,
  LEGACY_TITLE,
  ONBOARDING_MINT_URL,
  ONBOARDING_RELAYS_LABEL,
  PHRASE_FIELD_LABEL,
  PHRASE_MISSING,
  RESTORE_EMPTY,
  SAVE_FAILED,
  SAVING,
  WALLET_EXISTS_TOAST,
  WALLET_MODE,
  YOUR_PHRASE,
} from './locales/onboarding/en.json';
import { OnboardingFrame } from './OnboardingFrame';
import { PhraseField } from './PhraseField';
import { clearSession, type OnboardingMode } from './session';
import { WrittenDownCheckbox } from './WrittenDownCheckbox';

export function LegacyOnboardingScreen({ services }: OnboardingScreenProps) {
  const navigate = useNavigate();
  const t = useTexts();
  const fieldError = useFieldErrorText();
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
    if (mintProblem) return { problem: fieldError(mintProblem) };
    const relayProblem = relaysProblemWords(parseRelayLines(relaysText));
    if (relayProblem) return { problem: fieldError(relayProblem) };
    const phrase = mode === 'restore' ? restoreText.trim() : generated;
    if (mode === 'restore' && !phrase) return { problem: t(RESTORE_EMPTY) };
    if (!phrase) return { problem: t(PHRASE_MISSING) };
    const { isValidPhrase, validatePhrase } = await import('../../core/keys/phrase');
    if (!isValidPhrase(phrase)) return { problem: t(INVALID_MNEMONIC) };
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
        toasts.error(t(WALLET_EXISTS_TOAST));
        navigate('/', { replace: true });
        return;
      }
      logger.error('Legacy onboarding failed to save', error);
      toasts.error(t(SAVE_FAILED));
      setBusy(false);
      return;
    }
    clearSession();
    toasts.success(t(LEGACY_SUCCESS));
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
      title={t(LEGACY_TITLE)}
      subtitle={t(LEGACY_SUBTITLE)}
      actions={
        <Button className="sm:ml-auto" onClick={() => void onContinue()} disabled={!canContinue}>
          {t(busy ? SAVING : LEGACY_CONTINUE)}
        </Button>
      }
    >
      <SegmentTrack role="group" aria-label={t(WALLET_MODE)}>
        {modeButton('create', t(LEGACY_NEW))}
        {modeButton('restore', t(LEGACY_RESTORE))}
      </SegmentTrack>
      <MintUrlField label={t(ONBOARDING_MINT_URL)} value={mintUrl} onChange={setMintUrl} />
      <RelaysField
        label={t(ONBOARDING_RELAYS_LABEL)}
        rows={3}
        value={relaysText}
        onChange={setRelaysText}
      />
      {mode === 'create' ? (
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-800">{t(YOUR_PHRASE)}</p>
          {generated ? (
            <PhraseWords phrase={generated} label={t(PHRASE_FIELD_LABEL)} />
          ) : (
            <PhraseWordsPlaceholder>{t(GENERATING_PHRASE)}</PhraseWordsPlaceholder>
          )}
          <p className="text-xs text-amber-800">{t(LEGACY_PHRASE_NOTICE)}</p>
          <WrittenDownCheckbox checked={writtenDown} onChange={setWrittenDown} />
        </div>
      ) : (
        <PhraseField rows={3} value={restoreText} onChange={setRestoreText} />
      )}
    </OnboardingFrame>
  );
}
