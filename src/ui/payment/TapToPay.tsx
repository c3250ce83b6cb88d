// Tap to pay in the invoice modal, where the browser has Web NFC: a Bolt Card held to the device
// pays the sale's invoice through its LNURL-withdraw service (docs/behaviour.md "Point of sale").
// The sale lands as any paid invoice does; this only says how the card answered.
import { useState } from 'react';
import { Button } from '../Button';
import { useFormats, useTexts, type Formats, type Translate } from '../i18n';
import { useNfcRead } from '../share/use-nfc-read';
import type { CardTaps, TapOutcome } from '../domain-views';
import {
  TAP_ASKING,
  TAP_HOLD_CARD,
  TAP_NFC_OFF,
  TAP_NOT_A_CARD,
  TAP_OUT_OF_RANGE,
  TAP_REFUSED,
  TAP_REQUEST_TAG,
  TAP_REQUESTED,
  TAP_STOP,
  TAP_TO_PAY,
  TAP_TOKEN_TAG,
  TAP_UNREACHABLE,
} from '../locales/tap/en.json';

type Shown = { kind: 'asking' } | { kind: 'nfc-off' } | { kind: 'outcome'; outcome: TapOutcome };

/** The answers said in one fixed sentence; the two with figures or a reason are worded below. */
const SAID: Record<Exclude<TapOutcome['status'], 'out-of-range' | 'refused'>, string> = {
  requested: TAP_REQUESTED,
  unreachable: TAP_UNREACHABLE,
  'not-a-card': TAP_NOT_A_CARD,
  'token-tag': TAP_TOKEN_TAG,
  'request-tag': TAP_REQUEST_TAG,
};

function outcomeText(outcome: TapOutcome, t: Translate, formats: Formats): string {
  if (outcome.status === 'out-of-range') {
    return t(TAP_OUT_OF_RANGE, {
      min: formats.sats(outcome.minSat),
      max: formats.sats(outcome.maxSat),
    });
  }
  if (outcome.status === 'refused') return t(TAP_REFUSED, { reason: outcome.reason });
  return t(SAID[outcome.status]);
}

export function TapToPay({
  taps,
  invoice,
  amount,
}: {
  taps: CardTaps;
  invoice: string;
  amount: number;
}) {
  const t = useTexts();
  const formats = useFormats();
  const [shown, setShown] = useState<Shown | null>(null);
  const { available, reading, setReading } = useNfcRead({
    onText: (text) => {
      // One card, one invoice: reading stops until the merchant taps the button again.
      setReading(false);
      setShown({ kind: 'asking' });
      void taps
        .payFromCard(text, invoice, amount)
        .catch((): TapOutcome => ({ status: 'unreachable' }))
        .then((outcome) => setShown({ kind: 'outcome', outcome }));
    },
    onError: () => setShown({ kind: 'nfc-off' }),
  });
  if (!available) return null;

  const accepted = shown?.kind === 'outcome' && shown.outcome.status === 'requested';
  return (
    <div className="flex w-full flex-col gap-2" data-testid="tap-to-pay">
      {accepted || shown?.kind === 'asking' ? null : (
        <Button
          variant="outline"
          onClick={() => {
            setShown(null);
            setReading(!reading);
          }}
          aria-pressed={reading}
        >
          {t(reading ? TAP_STOP : TAP_TO_PAY)}
        </Button>
      )}
      <div role="status" className="text-sm text-slate-700 empty:hidden">
        {reading ? <p>{t(TAP_HOLD_CARD)}</p> : null}
        {shown?.kind === 'asking' ? <p>{t(TAP_ASKING)}</p> : null}
        {shown?.kind === 'nfc-off' ? <p>{t(TAP_NFC_OFF)}</p> : null}
        {shown?.kind === 'outcome' ? (
          <p data-testid="tap-outcome" data-status={shown.outcome.status}>
            {outcomeText(shown.outcome, t, formats)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
