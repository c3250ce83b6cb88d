// A step of the linear onboarding flow whose actions are Back, to the step before, and Continue
// (the `actions` of OnboardingFrame).
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button';
import { useTexts } from '../../ui/i18n';
import { STEP_BACK, STEP_CONTINUE } from './locales/onboarding/en.json';
import { StepFrame } from './StepIndicator';

export function ContinueStep({
  step,
  title,
  subtitle,
  back,
  onContinue,
  canContinue,
  children,
}: {
  step: number;
  title: string;
  subtitle: string;
  /** the route Back goes to */
  back: string;
  onContinue: () => void;
  canContinue: boolean;
  children: ReactNode;
}) {
  const t = useTexts();
  const navigate = useNavigate();
  const actions = (
    <>
      <Button variant="outline" onClick={() => navigate(back)}>
        {t(STEP_BACK)}
      </Button>
      <Button onClick={onContinue} disabled={!canContinue}>
        {t(STEP_CONTINUE)}
      </Button>
    </>
  );
  return (
    <StepFrame step={step} title={title} subtitle={subtitle} actions={actions}>
      {children}
    </StepFrame>
  );
}
