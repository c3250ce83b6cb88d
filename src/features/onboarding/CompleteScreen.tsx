// Onboarding step 4 (/onboarding/complete): summary, then 'Complete Setup' creates the wallet.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { choosePin } from '../../core/lock/pin';
import { WalletExistsError } from '../../core/errors';
import { Button } from '../../ui/Button';
import { useFieldErrorText } from '../../ui/forms/field-errors';
import { PinFields, useNewPin } from '../../ui/pin/PinFields';
import { toast } from '../../ui/toast/toast';
import { completeOnboarding } from './complete-onboarding';
import { useTexts } from '../../ui/i18n';
import type { OnboardingScreenProps } from './deps';
import {
  COMPLETE_SETUP,
  COMPLETE_SUBTITLE,
  COMPLETE_TITLE,
  NEXT_STEP_INVOICE,
  NEXT_STEP_REMOTE,
  NEXT_STEP_WALLET,
  NEXT_STEPS,
  PIN_OFFER_TEXT,
  PIN_OFFER_TITLE,
  PIN_SET_FAILED_TOAST,
  SETTING_UP,
  SETUP_FAILED_TOAST,
  STEP_BACK,
  SUMMARY_MINT,
  SUMMARY_NEW,
  SUMMARY_RELAYS,
  SUMMARY_RESTORED,
  SUMMARY_WALLET,
  WALLET_EXISTS_TOAST,
  WELCOME_TOAST,
} from './locales/onboarding/en.json';
import { RelayList } from './RelayList';
import { clearSession, completeSession, readSession } from './session';
import { StepFrame } from './StepIndicator';

export function CompleteScreen({ services }: OnboardingScreenProps) {
  const [values] = useState(() => completeSession(readSession()));
  if (!values) return <Navigate to="/onboarding/welcome" replace />;
  return <Complete services={services} values={values} />;
}

function Complete({
  services,
  values,
}: OnboardingScreenProps & { values: NonNullable<ReturnType<typeof completeSession>> }) {
  const navigate = useNavigate();
  const t = useTexts();
  const fieldError = useFieldErrorText();
  const [busy, setBusy] = useState(false);
  const newPin = useNewPin();
  const { pin, repeated } = newPin;
  const { mode, mint, relays } = values;

  const onComplete = async () => {
    if (busy) return;
    // The PIN is optional; a PIN typed but not valid stops here, before anything is stored.
    const wantsPin = pin !== '' || repeated !== '';
    if (wantsPin) {
      try {
        choosePin(pin, repeated);
      } catch (error) {
        newPin.setError(fieldError(error));
        return;
      }
    }
    newPin.setError(null);
    setBusy(true);
    try {
      await completeOnboarding(
        {
          config: services.storage.config,
          deviceKeys: services.deviceKeys,
          inbox: services.inbox,
          logger: services.logger,
          ...(services.restore ? { restore: services.restore } : {}),
          ...(services.storage.phraseCheck ? { phraseCheck: services.storage.phraseCheck } : {}),
          ...(services.deviceStorage
            ? { persistStorage: () => services.deviceStorage!.persist() }
            : {}),
          ...(services.deviceIdentity ? { deviceIdentity: services.deviceIdentity } : {}),
        },
        { mintUrl: mint, relays, phrase: values.phrase, mode },
      );
    } catch (error) {
      if (error instanceof WalletExistsError) {
        // Another tab finished first, or the till already had a wallet: it stays as it is.
        clearSession();
        toast.error(t(WALLET_EXISTS_TOAST));
        navigate('/', { replace: true });
        return;
      }
      // Not the phrase: only what failed.
      services.logger.error('Onboarding completion failed', error);
      toast.error(t(SETUP_FAILED_TOAST));
      setBusy(false);
      return;
    }
    if (wantsPin && services.lock) {
      // The wallet exists either way; a PIN that failed to save can be set in Settings.
      await services.lock.setPin(pin).catch((error: unknown) => {
        services.logger.error('Setting the PIN failed', error);
        toast.error(t(PIN_SET_FAILED_TOAST));
      });
    }
    clearSession();
    toast.success(t(WELCOME_TOAST));
    // A restored wallet looks for its ecash on its own (the scan was stored above).
    if (mode === 'restore') void services.restore?.resume();
    navigate('/', { replace: true });
  };

  return (
    <StepFrame
      step={4}
      title={t(COMPLETE_TITLE)}
      subtitle={t(COMPLETE_SUBTITLE)}
      actions={
        <>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => navigate('/onboarding/relay-config')}
          >
            {t(STEP_BACK)}
          </Button>
          <Button onClick={() => void onComplete()} disabled={busy} aria-busy={busy}>
            {t(busy ? SETTING_UP : COMPLETE_SETUP)}
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        <div className="flex flex-col gap-1 p-4 sm:flex-row sm:justify-between">
          <dt className="text-sm text-slate-500">{t(SUMMARY_WALLET)}</dt>
          <dd className="text-sm font-medium text-slate-900" data-testid="summary-mode">
            {t(mode === 'create' ? SUMMARY_NEW : SUMMARY_RESTORED)}
          </dd>
        </div>
        <div className="flex flex-col gap-1 p-4 sm:flex-row sm:justify-between sm:gap-4">
          <dt className="text-sm text-slate-500">{t(SUMMARY_MINT)}</dt>
          <dd className="text-sm font-medium break-all text-slate-900" data-testid="summary-mint">
            {mint}
          </dd>
        </div>
        <div className="space-y-2 p-4">
          <dt className="text-sm text-slate-500" data-testid="summary-relay-count">
            {t(SUMMARY_RELAYS, { count: relays.length })}
          </dt>
          <dd>
            <RelayList relays={relays} look="plain" />
          </dd>
        </div>
      </dl>
      {services.lock ? (
        <section className="space-y-2" aria-labelledby="pin-offer-title">
          <h2 id="pin-offer-title" className="text-sm font-semibold text-slate-800">
            {t(PIN_OFFER_TITLE)}
          </h2>
          <p className="text-sm text-slate-600">{t(PIN_OFFER_TEXT)}</p>
          <PinFields {...newPin.fields} />
        </section>
      ) : null}
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-800">{t(NEXT_STEPS)}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
          <li>{t(NEXT_STEP_INVOICE)}</li>
          <li>{t(NEXT_STEP_REMOTE)}</li>
          <li>{t(NEXT_STEP_WALLET)}</li>
        </ol>
      </section>
    </StepFrame>
  );
}
