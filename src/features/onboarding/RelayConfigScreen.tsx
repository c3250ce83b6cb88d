// Onboarding step 3 (/onboarding/relay-config): the Nostr relays, one per line.
import { OnboardingFrame } from './OnboardingFrame';

export function RelayConfigScreen() {
  return <OnboardingFrame title="Configure Relays" />;
}
