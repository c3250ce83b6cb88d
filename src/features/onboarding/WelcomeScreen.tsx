// Onboarding welcome (/onboarding, /onboarding/welcome): create a new wallet or restore one.
import type { ReactNode } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { Button } from '../../ui/Button';
import { useTexts } from '../../ui/i18n';
import { OnboardingFrame } from './OnboardingFrame';
import {
  CREATE_WALLET,
  RESTORE_WALLET,
  WELCOME_NO_ACCOUNT,
  WELCOME_STEPS,
  WELCOME_TEXT,
  WELCOME_TITLE,
} from './locales/welcome/en.json';
import { CREATE_WALLET_PATH, RESTORE_WALLET_PATH } from './welcome-taps';

/**
 * Each button says where it leads (`data-goes-to`, GOES_TO_ATTRIBUTE) and is marked busy
 * (aria-busy) by the early script when tapped before React has hydrated the prerendered welcome:
 * the tap is kept and the phrase screen is on its way (app/start-up/early-tap.ts).
 */
const BUSY = 'aria-busy:cursor-progress aria-busy:opacity-70';

export function WelcomeScreen() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const t = useTexts();
  // A tap while the next step is on its way starts nothing new: each repeated tap of an impatient
  // new user restarted the navigation and its route matching (docs/performance.md "Taps").
  const go = (to: string) => {
    if (navigation.state === 'idle') void navigate(to);
  };
  return (
    <OnboardingFrame title={t(WELCOME_TITLE)}>
      <p className="text-slate-600">{t(WELCOME_TEXT)}</p>
      <ul className="space-y-2 text-sm text-slate-600">
        <Point>{t(WELCOME_NO_ACCOUNT)}</Point>
        <Point>{t(WELCOME_STEPS)}</Point>
      </ul>
      <div className="flex flex-col gap-3">
        <Button
          size="lg"
          className={BUSY}
          data-goes-to={CREATE_WALLET_PATH}
          onClick={() => go(CREATE_WALLET_PATH)}
        >
          {t(CREATE_WALLET)}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className={BUSY}
          data-goes-to={RESTORE_WALLET_PATH}
          onClick={() => go(RESTORE_WALLET_PATH)}
        >
          {t(RESTORE_WALLET)}
        </Button>
      </div>
    </OnboardingFrame>
  );
}

function Point({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-violet-600" />
      {children}
    </li>
  );
}
