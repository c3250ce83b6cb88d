// Onboarding step 2 (/onboarding/mint-selection): choose a discovered mint or enter a URL.
import { OnboardingFrame } from './OnboardingFrame';

export function MintSelectionScreen() {
  return <OnboardingFrame title="Choose a Mint" />;
}
