// One merchant's inbox for an inbox test file, on the fixed clock: its key, the message a cashier
// locks to it and the wrap that carries one, and an inbox reading the fake relay with that key.
import type { RemotePaymentInboxDeps } from '../../core/remote-payments/merchant/inbox';
import type { PaymentMessage } from '../../core/remote-payments/payment-message';
import { FakeRelayPool } from './fake-pool';
import {
  INBOX_NOW,
  INBOX_RELAY,
  lockedPayment,
  memoryInboxes,
  merchantKey,
  wrapFor,
} from './inbox-harness';
import type { MemoryProcessedQuoteStore } from './memory-processed-quotes';
import { FIXTURE_MINT } from './payment-message-fixture';

export type MerchantInboxDeps = Partial<RemotePaymentInboxDeps> & {
  pool?: FakeRelayPool;
  store?: MemoryProcessedQuoteStore;
};

/** Registers the after-each stop of the file's inboxes; call it once per test file. */
export function merchantInbox() {
  const key = merchantKey();
  const memoryInbox = memoryInboxes({ now: () => INBOX_NOW });
  return {
    ...key,
    payment: (overrides: Partial<PaymentMessage> = {}) => lockedPayment(key.lock, overrides),
    wrapOf: (payment: PaymentMessage, createdAt?: number) =>
      wrapFor(key.pubkey, payment, createdAt),
    /** The inbox on `pool` (a fresh one without) at the one relay with the fixture mint. */
    inbox: ({ pool = new FakeRelayPool(), ...deps }: MerchantInboxDeps = {}) =>
      memoryInbox({
        createPool: () => pool,
        getRelays: async () => [INBOX_RELAY],
        getSecretKey: async () => key.secret,
        getMintUrl: async () => FIXTURE_MINT,
        ...deps,
      }),
  };
}
