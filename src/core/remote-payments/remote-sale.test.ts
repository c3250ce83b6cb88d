// A remote cashier's lines on the merchant's record: kept only when they add up to the mint's
// quote, proven by the pairing secret, and never a reason to lose the sale's amount.
import { describe, expect, it } from 'vitest';
import { paymentMessageFixture } from '../../testing/remote-payments/payment-message-fixture';
import { InvalidPaymentMessageError } from '../errors';
import { hasValidPairing, newPairingSecret, provePairing } from './pairing';
import { parsePaymentMessage, serializePaymentMessage } from './payment-message';
import { canonicalRemoteSale, remoteSaleFor, type RemoteSaleLines } from './remote-sale';

const lines: RemoteSaleLines = {
  lines: [
    { itemId: 'coffee', name: 'Coffee', quantity: 2, unitSats: 500, taxRatePercent: 10 },
    { name: 'Custom', quantity: 1, unitSats: 100 },
  ],
  subtotalSats: 1100,
  taxSats: 100,
  tipSats: 120,
};
const AMOUNT = 1320;

describe('remoteSaleFor', () => {
  it("keeps lines that add up to the mint's amount, paid over Lightning", () => {
    expect(remoteSaleFor(lines, AMOUNT)).toEqual({ ...lines, method: 'lightning' });
    expect(remoteSaleFor(lines, AMOUNT, 'ecash')?.method).toBe('ecash');
  });

  it('keeps a custom amount line (no item) the cashier typed, checked as any other line', () => {
    const custom = { name: 'Custom amount', quantity: 1, unitSats: 250 };
    const withCustom = { ...lines, lines: [...lines.lines, custom], subtotalSats: 1350 };
    expect(remoteSaleFor(withCustom, AMOUNT + 250)?.lines.at(-1)).toEqual(custom);
    expect(remoteSaleFor(withCustom, AMOUNT + 249)).toBeUndefined();
    expect(
      remoteSaleFor(
        { ...withCustom, lines: [...lines.lines, { ...custom, unitSats: 250.5 }] },
        AMOUNT + 250,
      ),
    ).toBeUndefined();
  });

  it("drops lines that do not add up to the mint's amount: the cashier's numbers lose", () => {
    expect(remoteSaleFor(lines, AMOUNT + 1)).toBeUndefined();
    expect(remoteSaleFor(lines, AMOUNT - 1)).toBeUndefined();
    expect(remoteSaleFor({ ...lines, tipSats: 121 }, AMOUNT)).toBeUndefined();
  });

  it('drops lines with parts that are not whole sats', () => {
    const fractional = { ...lines, lines: [{ name: 'X', quantity: 1, unitSats: 1099.5 }] };
    expect(remoteSaleFor({ ...fractional, subtotalSats: 1099.5 }, AMOUNT - 0.5)).toBeUndefined();
    const negative = { ...lines, taxSats: -100, tipSats: 320 };
    expect(remoteSaleFor(negative, AMOUNT)).toBeUndefined();
    const zeroQuantity = { ...lines, lines: [{ name: 'X', quantity: 0, unitSats: 5 }] };
    expect(remoteSaleFor({ ...zeroQuantity, subtotalSats: 0 }, 220)).toBeUndefined();
    expect(remoteSaleFor({ ...lines, reference: 7 as unknown as string }, AMOUNT)).toBeUndefined();
  });

  it('drops more lines than a message may carry', () => {
    const line = { name: 'X', quantity: 1, unitSats: 1 };
    const long = {
      lines: Array.from({ length: 201 }, () => line),
      subtotalSats: 201,
      taxSats: 0,
      tipSats: 0,
    };
    expect(remoteSaleFor(long, 201)).toBeUndefined();
  });

  it('has nothing for a message without lines', () => {
    expect(remoteSaleFor(undefined, AMOUNT)).toBeUndefined();
  });
});

describe('the payment message with lines', () => {
  const message = paymentMessageFixture({ amount: AMOUNT, sale: lines });
  const context = { currentMintUrl: message.mint };

  it('goes over the wire and back unchanged', () => {
    expect(parsePaymentMessage(serializePaymentMessage(message), context).sale).toEqual(lines);
  });

  it('drops fields a sale does not have', () => {
    const extra = { ...lines, secret: 'x', lines: [{ ...lines.lines[1], note: 'y' }] };
    const text = JSON.stringify({ ...message, sale: extra });
    const parsed = parsePaymentMessage(text, context).sale;
    expect(parsed).toEqual({ ...lines, lines: [lines.lines[1]] });
  });

  it('refuses a message whose sale is not a sale', () => {
    for (const sale of [5, 'lines', [], { lines: 'x' }, { lines: [1] }]) {
      const text = JSON.stringify({ ...message, sale });
      expect(() => parsePaymentMessage(text, context)).toThrow(InvalidPaymentMessageError);
    }
  });

  it('is proven by the pairing secret: a changed line fails the proof', () => {
    const secret = newPairingSecret();
    const proven = { ...message, pairing: provePairing(secret, message) };
    const received = parsePaymentMessage(serializePaymentMessage(proven), context);
    expect(hasValidPairing(secret, received)).toBe(true);
    const cheaper = { ...lines, lines: [{ ...lines.lines[0], unitSats: 1 }, lines.lines[1]] };
    const text = JSON.stringify({ ...JSON.parse(serializePaymentMessage(proven)), sale: cheaper });
    expect(hasValidPairing(secret, parsePaymentMessage(text, context))).toBe(false);
    const stripped = JSON.stringify({
      ...JSON.parse(serializePaymentMessage(proven)),
      sale: undefined,
    });
    expect(hasValidPairing(secret, parsePaymentMessage(stripped, context))).toBe(false);
  });

  it('proves a message without lines exactly as before (older cashiers keep working)', () => {
    const secret = newPairingSecret();
    const plain = paymentMessageFixture();
    const proof = provePairing(secret, plain);
    expect(provePairing(secret, { ...plain, sale: undefined })).toEqual(proof);
  });

  it("carries the cashier's ecash request id, proven, and refuses a malformed one", () => {
    const secret = newPairingSecret();
    const withRequest = { ...message, ecashRequest: '0123456789abcdef' };
    const proven = { ...withRequest, pairing: provePairing(secret, withRequest) };
    const received = parsePaymentMessage(serializePaymentMessage(proven), context);
    expect(received.ecashRequest).toBe('0123456789abcdef');
    expect(hasValidPairing(secret, received)).toBe(true);
    const swapped = { ...received, ecashRequest: 'fedcba9876543210' };
    expect(hasValidPairing(secret, swapped)).toBe(false);
    for (const ecashRequest of ['xyz', 'ABCDEF0123456789', 5, '0'.repeat(64)]) {
      const text = JSON.stringify({ ...message, ecashRequest });
      expect(() => parsePaymentMessage(text, context)).toThrow(InvalidPaymentMessageError);
    }
  });
});

describe('canonicalRemoteSale with options', () => {
  it("carries a line's picks in a fixed order, so the merchant can price them from the catalog", () => {
    const options = [{ name: 'large', id: 'large', groupId: 'size', extra: 'x' }];
    const sale = {
      lines: [{ itemId: 'latte', name: 'Latte, large', quantity: 1, unitSats: 3500, options }],
      subtotalSats: 3500,
      taxSats: 0,
      tipSats: 0,
    };
    const canonical = canonicalRemoteSale(sale);
    expect(canonical?.lines[0]?.options).toEqual([{ groupId: 'size', id: 'large', name: 'large' }]);
    expect(JSON.stringify(canonical?.lines[0]?.options)).toBe(
      '[{"groupId":"size","id":"large","name":"large"}]',
    );
    expect(remoteSaleFor(canonical, 3500)?.lines[0]?.options).toHaveLength(1);
    expect(canonicalRemoteSale({ ...sale, lines: [{ ...sale.lines[0], options: 'large' }] })).toBe(
      undefined,
    );
  });
});
