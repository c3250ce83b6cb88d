// Settings, beside the relays field: whether each relay delivers payment messages to this till
// (connected, after AUTH, refuses, unreachable), as the inbox last saw it; docs/behaviour.md.
import { useSyncExternalStore } from 'react';
import type {
  RelayDelivery,
  RelayStatusSource,
} from '../../core/remote-payments/merchant/relay-status';
import type { ErrorText } from '../../core/errors';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { coreWords } from '../../ui/core-words';
import type { Translate } from '../../ui/i18n';
import { useTexts } from '../../ui/i18n';
import {
  RELAY_AUTH_REFUSED,
  RELAY_CONNECTED,
  RELAY_CONNECTION_CLOSED,
  RELAY_CONNECTING,
  RELAY_REFUSES,
  RELAY_SIGNED_IN,
  RELAY_STATUS_IDLE,
  RELAY_STATUS_TITLE,
  RELAY_UNREACHABLE,
} from './locales/settings/en.json';

/** Our words around a relay's own reason (core/remote-payments/relay-auth.ts); its own stay as said. */
const ourWords = coreWords({ RELAY_AUTH_REFUSED, RELAY_CONNECTION_CLOSED });
// Their values are the relay's text, never a figure: no language's grouping is needed.
const reasonOf = (t: Translate, { reason, text }: { reason: string; text?: ErrorText }) =>
  text ? ourWords(t, ENGLISH_FORMATS, { message: reason, text }) : reason;

/** The states said in one fixed sentence; a refusing or unreachable relay's line says why. */
const SAID: Record<Exclude<RelayDelivery['state'], 'refused' | 'unreachable'>, string> = {
  connecting: RELAY_CONNECTING,
  connected: RELAY_CONNECTED,
  authenticated: RELAY_SIGNED_IN,
};

/** The line saying what a relay does for this till, in the app's language. */
export function deliveryText(t: Translate, delivery: RelayDelivery): string {
  if (delivery.state === 'refused') return t(RELAY_REFUSES, { reason: reasonOf(t, delivery) });
  if (delivery.state === 'unreachable') {
    return t(RELAY_UNREACHABLE, { reason: reasonOf(t, delivery) });
  }
  return t(SAID[delivery.state]);
}

const TONE: Record<RelayDelivery['state'], string> = {
  connecting: 'text-slate-600',
  connected: 'text-emerald-800',
  authenticated: 'text-emerald-800',
  refused: 'text-red-800',
  unreachable: 'text-amber-900',
};

export function RelayStatusList({ status }: { status: RelayStatusSource }) {
  const t = useTexts();
  const entries = useSyncExternalStore(
    (listener) => status.subscribe(listener),
    () => status.snapshot(),
  );
  return (
    <div className="space-y-1 text-sm" data-testid="relay-status">
      <p className="font-medium text-slate-700">{t(RELAY_STATUS_TITLE)}</p>
      {entries.length === 0 ? (
        <p className="text-slate-600">{t(RELAY_STATUS_IDLE)}</p>
      ) : (
        <ul className="space-y-1">
          {entries.map(({ relay, delivery }) => (
            <li key={relay} data-relay={relay} data-state={delivery.state}>
              <span className="font-mono break-all">{relay}</span>{' '}
              <span className={TONE[delivery.state]}>{deliveryText(t, delivery)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
