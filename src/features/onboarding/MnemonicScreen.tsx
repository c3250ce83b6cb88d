// Onboarding step 1 (/onboarding/mnemonic): show a new recovery phrase or enter an existing one.
import { OnboardingFrame } from './OnboardingFrame';

export function MnemonicScreen() {
  return <OnboardingFrame title="Recovery Phrase" />;
}
