// The cashier's receipt listener in the tests: a sale it awaits, the listener collecting every
// receipt it hands on, and a receipt wrapped as the merchant sends it (docs/protocol.md
// "Receipts").
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { silentLogger } from '../../core/logger';
import {
  ReceiptListener,
  type AwaitedReceipt,
  type ReceiptListenerDeps,
} from '../../core/remote-payments/cashier/receipt-listener';
import { wrapReceipt, type SaleReceipt } from '../../core/remote-payments/receipt-message';
import type { RelayPool } from '../../core/remote-payments/relay-pool';

/** A sale awaiting its receipt on `relays`, with a receipt key of its own. */
export function awaitedSale(quote: string, relays: string[], createdAt = Date.now()) {
  return {
    quote,
    receiptSecretKey: generateSecretKey(),
    relays,
    createdAt,
  } satisfies AwaitedReceipt;
}

export interface ReceiptListening {
  listener: ReceiptListener;
  /** what the listener handed on, in order: each sale's quote and its receipt */
  received: Array<[string, SaleReceipt]>;
}

/** A listener on `pool` for receipts sealed by the merchant of `merchantSecretKey`. */
export function receiptListening(
  pool: RelayPool,
  merchantSecretKey: Uint8Array,
  options: Pick<ReceiptListenerDeps, 'resubscribeMs'> = {},
): ReceiptListening {
  const received: Array<[string, SaleReceipt]> = [];
  const listener = new ReceiptListener({
    pool,
    merchantPubkeyHex: getPublicKey(merchantSecretKey),
    onReceipt: (quote, receipt) => received.push([quote, receipt]),
    logger: silentLogger,
    ...options,
  });
  return { listener, received };
}

/** `receipt` for the sale awaited with `receiptSecretKey`, sealed by `sealedBy` (the merchant). */
export function wrappedReceipt(
  sealedBy: Uint8Array,
  receiptSecretKey: Uint8Array,
  receipt: SaleReceipt,
) {
  return wrapReceipt({
    merchantSecretKey: sealedBy,
    receiptPubkeyHex: getPublicKey(receiptSecretKey),
    receipt,
  });
}
