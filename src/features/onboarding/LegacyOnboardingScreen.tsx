// Single-page onboarding (/onboarding-legacy): mode toggle, mint URL, relays and phrase together.
import { OnboardingFrame } from './OnboardingFrame';

export function LegacyOnboardingScreen() {
  return <OnboardingFrame title="Set Up Your Wallet" />;
}
