// A valid payment message for tests of the gift wrap and of the conformance suite.
import type { PaymentMessage } from '../../core/remote-payments/payment-message';

export const FIXTURE_MINT = 'http://127.0.0.1:3338';

export function paymentMessageFixture(overrides: Partial<PaymentMessage> = {}): PaymentMessage {
  return {
    quote: 'quote-1',
    amount: 100,
    request: 'lnbc1u1pdev',
    unit: 'sat',
    mint: FIXTURE_MINT,
    ...overrides,
  };
}
