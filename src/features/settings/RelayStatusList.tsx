// Settings, beside the relays field: whether each relay delivers payment messages to this till
// (connected, after AUTH, refuses, unreachable), as the inbox last saw it; docs/behaviour.md.
import { useSyncExternalStore } from 'react';
import type {
  RelayDelivery,
  RelayStatusSource,
} from '../../core/remote-payments/merchant/relay-status';

export const RELAY_STATUS_TITLE = 'Relay status';
export const RELAY_STATUS_IDLE =
  'This tab is not listening for payments right now (another open tab may be).';

export function deliveryText(delivery: RelayDelivery): string {
  switch (delivery.state) {
    case 'connecting':
      return 'Connecting...';
    case 'connected':
      return 'Connected: delivers payments.';
    case 'authenticated':
      return 'Asked this till to sign in (AUTH); signed in: delivers payments.';
    case 'refused':
      return `Refuses this till, so no payments arrive through it: ${delivery.reason}`;
    case 'unreachable':
      return `Unreachable: ${delivery.reason}`;
  }
}

const TONE: Record<RelayDelivery['state'], string> = {
  connecting: 'text-slate-600',
  connected: 'text-emerald-800',
  authenticated: 'text-emerald-800',
  refused: 'text-red-800',
  unreachable: 'text-amber-900',
};

export function RelayStatusList({ status }: { status: RelayStatusSource }) {
  const entries = useSyncExternalStore(
    (listener) => status.subscribe(listener),
    () => status.snapshot(),
  );
  return (
    <div className="space-y-1 text-sm" data-testid="relay-status">
      <p className="font-medium text-slate-700">{RELAY_STATUS_TITLE}</p>
      {entries.length === 0 ? (
        <p className="text-slate-600">{RELAY_STATUS_IDLE}</p>
      ) : (
        <ul className="space-y-1">
          {entries.map(({ relay, delivery }) => (
            <li key={relay} data-relay={relay} data-state={delivery.state}>
              <span className="font-mono break-all">{relay}</span>{' '}
              <span className={TONE[delivery.state]}>{deliveryText(delivery)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
