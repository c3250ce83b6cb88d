// Back and Continue of a step of the linear onboarding flow (the `actions` of OnboardingFrame).
import { Button } from '../../ui/Button';
import { useTexts } from '../../ui/i18n';
import { STEP_BACK, STEP_CONTINUE } from './locales/onboarding/en.json';

export function StepActions({
  onBack,
  onContinue,
  canContinue,
}: {
  onBack: () => void;
  onContinue: () => void;
  canContinue: boolean;
}) {
  const t = useTexts();
  return (
    <>
      <Button variant="outline" onClick={onBack}>
        {t(STEP_BACK)}
      </Button>
      <Button onClick={onContinue} disabled={!canContinue}>
        {t(STEP_CONTINUE)}
      </Button>
    </>
  );
}
