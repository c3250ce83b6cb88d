// A gated onboarding step: its screen shows once the session has reached the step, and opening it
// earlier (straight from its address) sends to Welcome (docs/behaviour.md "Routes").
import { useState, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { readSession, sessionAllows, type GatedStep, type OnboardingSession } from './session';

export type StepProps<P> = P & { session: OnboardingSession };

export function stepScreen<P extends object>(step: GatedStep, Step: ComponentType<StepProps<P>>) {
  return function StepScreen(props: P) {
    const [session] = useState(readSession);
    if (!sessionAllows(step, session)) return <Navigate to="/onboarding/welcome" replace />;
    return <Step {...props} session={session} />;
  };
}
