// Onboarding welcome (/onboarding, /onboarding/welcome): create a new wallet or restore one.
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button';
import { OnboardingFrame } from './OnboardingFrame';

export function WelcomeScreen() {
  const navigate = useNavigate();
  return (
    <OnboardingFrame title="Welcome to Cashew POS">
      <p className="text-slate-600">
        Accept Lightning payments settled as ecash, stored on this device. Start with a new wallet
        or restore one from your recovery phrase.
      </p>
      <ul className="space-y-2 text-sm text-slate-600">
        <li className="flex gap-2">
          <span
            aria-hidden="true"
            className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-violet-600"
          />
          No account, no login: your keys never leave this browser.
        </li>
        <li className="flex gap-2">
          <span
            aria-hidden="true"
            className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-violet-600"
          />
          Four short steps: recovery phrase, mint, relays, done.
        </li>
      </ul>
      <div className="flex flex-col gap-3">
        <Button size="lg" onClick={() => navigate('/onboarding/mnemonic?mode=create')}>
          Create New Wallet
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={() => navigate('/onboarding/mnemonic?mode=restore')}
        >
          Restore Existing Wallet
        </Button>
      </div>
    </OnboardingFrame>
  );
}
