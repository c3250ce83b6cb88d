// Public API of remote payments: message format, gift wraps, publishing, cashier flow, inbox.
export * from './constants';
export {
  CashierLinkRevokedError,
  LockingUnavailableError,
  MintNotAcceptedError,
  RelayPublishError,
  UnlockedQuoteError,
} from './errors';
export {
  parsePaymentMessage,
  serializePaymentMessage,
  type PairingProof,
  type PaymentMessage,
} from './payment-message';
export {
  readPaymentEvent,
  unwrapPaymentEvent,
  wrapPaymentMessage,
  type PaymentRumor,
} from './gift-wrap';
export { createRelayPool, type RelayPool } from './relay-pool';
export {
  RelayStatusBoard,
  type RelayDelivery,
  type RelayStatusEntry,
  type RelayStatusSink,
  type RelayStatusSource,
} from './merchant/relay-status';
export { publishToRelays, sendPaymentMessage, type PublishOutcome } from './publish';
export {
  createRemoteInvoice,
  type QuoteWallet,
  type RemoteInvoice,
} from './cashier/remote-invoice';
export { remoteSaleFor, type RemoteSaleLines } from './remote-sale';
export { watchCatalog, type PublishedCatalog } from './catalog-event';
export {
  RemoteCashier,
  type RemoteCashierDeps,
  type RemoteConfirmed,
  type RemoteFailure,
  type RemoteSettled,
  type RemoteTarget,
} from './cashier/remote-cashier';
export { RemotePaymentInbox, type RemotePaymentInboxDeps } from './merchant/inbox';
export {
  defaultLockProvider,
  noLockProvider,
  webLockProvider,
  type LockProvider,
} from '../cross-tab-lock';
export { createRateLimiter, rateLimited, type RateLimiter } from './merchant/rate-limit';
export {
  LINK_PAIRING_KEY,
  decodePairingSecret,
  encodePairingSecret,
  hasValidPairing,
  newPairingSecret,
  pairingId,
  provePairing,
} from './pairing';
export {
  parseReceipt,
  readReceiptEvent,
  serializeReceipt,
  wrapReceipt,
  type SaleReceipt,
} from './receipt-message';
export {
  MERCHANT_PROFILE_KIND,
  PAIRING_TAG,
  UNLOCKED_TAG,
  merchantProfileTemplate,
  newestEvent,
  parseMerchantProfile,
  type MerchantProfile,
} from './merchant-profile';
export { isLinkRevoked, readMerchantProfile } from './cashier/cashier-link';
export {
  acceptedMintFor,
  chooseCashierMint,
  judgeQuoteLock,
  profileStillAccepts,
  type CashierMintChoice,
  type LockJudgement,
  type RefusalKind,
} from './sale-judgement';
export {
  awaitsReceipt,
  MAX_CASHIER_SALES,
  nextResendAt,
  pruneQuotes,
  RESEND_DELAYS_MS,
  RESEND_WINDOW_MS,
  SETTLED_SALE_KEEP_MS,
  WAITING_RETRY_MS,
  waitsToBeSent,
  type CashierLinkStore,
  type CashierSale,
  type CashierSaleStatus,
  type CashierSaleStore,
} from './cashier/cashier-sales';
export { ReceiptListener, type AwaitedReceipt } from './cashier/receipt-listener';
