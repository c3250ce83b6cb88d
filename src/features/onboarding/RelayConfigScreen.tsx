// Onboarding step 3 (/onboarding/relay-config): the Nostr relays, one per line.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { parseRelayLines, relaysProblemWords } from '../../core/settings/settings-input';
import { useFieldErrorText } from '../../ui/forms/field-errors';
import { RelaysField } from '../../ui/forms/SettingsFields';
import { useTexts } from '../../ui/i18n';
import type { OnboardingScreenProps } from './deps';
import {
  ADD_RELAY,
  CONFIGURED_RELAYS,
  CONFIGURED_RELAYS_LABEL,
  ONBOARDING_RELAYS_LABEL,
  RELAYS_SUBTITLE,
  RELAYS_TITLE,
} from './locales/onboarding/en.json';
import { RelayList } from './RelayList';
import { updateSession } from './session';
import { stepScreen, type StepProps } from './step-screen';
import { ContinueStep } from './StepActions';

export const RelayConfigScreen = stepScreen<OnboardingScreenProps>('relay-config', RelayConfig);

function RelayConfig({ services, session }: StepProps<OnboardingScreenProps>) {
  const navigate = useNavigate();
  const t = useTexts();
  const fieldError = useFieldErrorText();
  const [text, setText] = useState(() =>
    (session.relays ?? services.settings.defaultRelays).join('\n'),
  );
  const relays = parseRelayLines(text);
  // Empty is shown by the disabled Continue and the count; a bad line gets a message.
  const problem = relays.length > 0 ? relaysProblemWords(relays) : undefined;
  const canContinue = relays.length > 0 && problem === undefined;

  const onContinue = () => {
    if (!canContinue) return;
    updateSession({ relays });
    navigate('/onboarding/complete');
  };

  return (
    <ContinueStep
      step={3}
      title={t(RELAYS_TITLE)}
      subtitle={t(RELAYS_SUBTITLE)}
      back={'/onboarding/mint-selection'}
      onContinue={onContinue}
      canContinue={canContinue}
    >
      <RelaysField
        label={t(ONBOARDING_RELAYS_LABEL)}
        value={text}
        onChange={setText}
        error={problem === undefined ? undefined : fieldError(problem)}
      />
      <section aria-label={t(CONFIGURED_RELAYS_LABEL)} className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-800" data-testid="relay-count">
          {t(CONFIGURED_RELAYS, { count: relays.length })}
        </h2>
        {relays.length === 0 ? (
          <p className="text-sm text-slate-500">{t(ADD_RELAY)}</p>
        ) : (
          <RelayList relays={relays} look="boxed" />
        )}
      </section>
    </ContinueStep>
  );
}
