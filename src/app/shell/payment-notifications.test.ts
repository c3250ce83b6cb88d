// App-wide payment toasts: the documented text per outcome, confetti on success, one toast per
// quote.
import { describe, expect, it, vi } from 'vitest';
import { CashewError, MintRefusedError, StorageError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { PendingMintQuote, QuoteKind } from '../../core/wallet/mint/ports';
import type { PaymentFailure, PaymentSettled } from '../../core/wallet/receive/payment-service';
import { intlFormats } from '../../core/i18n/intl-formats';
import { englishText } from '../../ui/i18n';
import { PAYMENT_FAILED } from '../../ui/locales/payment/en.json';
import { PAYMENT_STORE_ERROR } from '../locales/payment-toasts/en.json';
import {
  announceSettled,
  paymentToastId,
  remoteFailureToastId,
  subscribePaymentNotifications,
} from './payment-notifications';

function quote(id: string, kind: QuoteKind = 'direct'): PendingMintQuote {
  return {
    quote: id,
    mintUrl: 'http://mint',
    amount: 21,
    request: 'lnbc1',
    kind,
    state: 'UNPAID',
    createdAt: 0,
    expiry: null,
  };
}

/** A toaster that keeps shown toasts active, like react-toastify until auto-close. */
function fakeToaster() {
  const shown: Array<{ level: 'success' | 'error'; text: string; toastId: string }> = [];
  return {
    shown,
    success: (text: string, { toastId }: { toastId: string }) =>
      shown.push({ level: 'success', text, toastId }),
    error: (text: string, { toastId }: { toastId: string }) =>
      shown.push({ level: 'error', text, toastId }),
    isActive: (toastId: string) => shown.some((t) => t.toastId === toastId),
  };
}

const PAYMENT_RECEIVED_TOAST = '🎉 Payment received! Proofs stored successfully.';
const REMOTE_PAYMENT_RECEIVED_TOAST = '🌐 Remote Payment received! Proofs stored successfully.';
const PAYMENT_FAILED_TOAST = englishText(PAYMENT_FAILED);
const PAYMENT_STORE_ERROR_TOAST = englishText(PAYMENT_STORE_ERROR);

function setup(onScreen?: () => string | null) {
  const settled = new Set<(p: PaymentSettled) => void>();
  const failed = new Set<(p: PaymentFailure) => void>();
  const payments = {
    onSettled: (l: (p: PaymentSettled) => void) => (settled.add(l), () => settled.delete(l)),
    onFailed: (l: (p: PaymentFailure) => void) => (failed.add(l), () => failed.delete(l)),
  };
  const toast = fakeToaster();
  const confetti = vi.fn();
  const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const off = subscribePaymentNotifications({ payments, toast, confetti, logger, onScreen });
  const settle = (id: string, kind: QuoteKind = 'direct', amount = 21) =>
    settled.forEach((l) => l({ quote: quote(id, kind), amount, kind, balance: amount }));
  const fail = (
    id: string,
    error: CashewError,
    reason: PaymentFailure['reason'],
    kind: QuoteKind = 'direct',
  ) =>
    failed.forEach((l) =>
      l({
        quote: quote(id, kind),
        kind,
        error,
        success: false,
        reason,
        errorText: error.message,
        balance: 0,
      }),
    );
  return { toast, confetti, logger, off, settle, fail };
}

describe('payment notifications', () => {
  it('a direct payment shows the payment-received toast and fires confetti', () => {
    const { toast, confetti, settle } = setup();
    settle('q1');
    expect(toast.shown).toEqual([
      {
        level: 'success',
        text: `${PAYMENT_RECEIVED_TOAST} 21 sats`,
        toastId: paymentToastId('received', 'q1'),
      },
    ]);
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('a remote payment shows the remote-payment toast with the sats that arrived, and confetti', () => {
    const { toast, confetti, settle } = setup();
    settle('q2', 'remote');
    expect(toast.shown.map((t) => t.text)).toEqual([`${REMOTE_PAYMENT_RECEIVED_TOAST} 21 sats`]);
    expect(toast.shown[0]!.text).toBe(
      '🌐 Remote Payment received! Proofs stored successfully. 21 sats',
    );
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('many failed remote quotes show one toast, and a credited quote none', () => {
    const { toast, logger, settle, fail } = setup();
    const expired = new MintRefusedError('Mint quote has expired', 20007);
    for (let i = 0; i < 50; i++) fail(`r${i}`, expired, 'quote', 'remote');
    expect(toast.shown).toEqual([
      { level: 'error', text: PAYMENT_FAILED_TOAST, toastId: remoteFailureToastId('quote') },
    ]);
    expect(logger.warn).toHaveBeenCalledTimes(50);
    settle('paid', 'remote');
    toast.shown.splice(0);
    fail('paid', expired, 'quote', 'remote');
    expect(toast.shown).toEqual([]);
  });

  it('the same quote is announced once, also when another listener announced it first', () => {
    const { toast, confetti, settle } = setup();
    settle('q3');
    settle('q3');
    expect(toast.shown).toHaveLength(1);
    expect(
      announceSettled({ toast, confetti }, { quote: { quote: 'q3' }, kind: 'direct', amount: 21 }),
    ).toBe(false);
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('announces a sale paid in dollars as dollars, never as sats', () => {
    const { toast, confetti } = setup();
    announceSettled(
      { toast, confetti, texts: () => ({ t: englishText, formats: intlFormats('de') }) },
      { quote: { quote: 'q9', unit: 'usd' }, kind: 'direct', amount: 350 },
    );
    expect(toast.shown[0]?.text).toBe(
      '🎉 Payment received! Proofs stored successfully. 3,50\u00a0USD',
    );
  });

  it('an expired or refused quote shows the payment-failed toast', () => {
    const { toast, fail } = setup();
    fail('q4', new MintRefusedError('Mint quote has expired', 20007), 'quote');
    expect(toast.shown).toEqual([
      { level: 'error', text: PAYMENT_FAILED_TOAST, toastId: paymentToastId('failed', 'q4') },
    ]);
  });

  it('a failure while minting or storing proofs shows the storing error and logs it', () => {
    const { toast, logger, fail } = setup();
    const error = new StorageError('QuotaExceededError');
    fail('q5', error, 'processing');
    expect(toast.shown.map((t) => t.text)).toEqual([PAYMENT_STORE_ERROR_TOAST]);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('QuotaExceededError'), error);
  });

  it('says the amount, grouped, after the documented text', () => {
    const { toast, settle } = setup();
    settle('q7', 'direct', 12345);
    expect(toast.shown.map((t) => t.text)).toEqual([
      '🎉 Payment received! Proofs stored successfully. 12,345 sats',
    ]);
  });

  it('names an earlier invoice when another one is open on screen', () => {
    let onScreen: string | null = 'later';
    const { toast, settle } = setup(() => onScreen);
    settle('earlier', 'direct', 21);
    settle('later', 'direct', 50);
    onScreen = null;
    settle('closed', 'direct', 8);
    expect(toast.shown.map((t) => t.text)).toEqual([
      '🎉 Payment received! Proofs stored successfully. 21 sats from an earlier invoice. The invoice on screen is still waiting.',
      '🎉 Payment received! Proofs stored successfully. 50 sats',
      '🎉 Payment received! Proofs stored successfully. 8 sats',
    ]);
  });

  it('says one sat in the singular', () => {
    const { toast, settle } = setup();
    settle('q8', 'direct', 1);
    expect(toast.shown.map((t) => t.text)).toEqual([`${PAYMENT_RECEIVED_TOAST} 1 sat`]);
  });

  it('speaks the language shown when the toast is raised', () => {
    const toast = fakeToaster();
    const spanish = {
      t: (text: string, values?: Record<string, string | number>) =>
        `es:${englishText(text, values)}`,
      formats: intlFormats('es'),
    };
    announceSettled(
      { toast, confetti: vi.fn(), texts: () => spanish },
      { quote: { quote: 'q9' }, kind: 'direct', amount: 21000 },
    );
    expect(toast.shown.map((t) => t.text)).toEqual([`es:${PAYMENT_RECEIVED_TOAST} 21.000 sats`]);
  });

  it('stops announcing after unsubscribing', () => {
    const { toast, off, settle } = setup();
    off();
    settle('q6');
    expect(toast.shown).toEqual([]);
  });
});
