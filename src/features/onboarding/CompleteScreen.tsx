// Onboarding step 4 (/onboarding/complete): summary and 'Complete Setup'.
import { OnboardingFrame } from './OnboardingFrame';

export function CompleteScreen() {
  return <OnboardingFrame title="Review and Complete" />;
}
