// Public surface of core/wallet: payments (mint quotes to stored proofs), wallets per mint, quote watching.
export {
  PaymentService,
  DEFAULT_PAYMENT_INTERVALS,
  INVALID_AMOUNT_MESSAGE,
  type PaymentServiceDeps,
  type PaymentIntervals,
  type PaymentSettled,
  type PaymentFailed,
  type PaymentFailure,
  type PaymentFailureReason,
  UNKNOWN_PAYMENT_ERROR,
} from './payment-service';
export {
  WalletProvider,
  MISSING_SEED_MESSAGE,
  mintKey,
  type WalletProviderDeps,
  type SeededWallet,
} from './wallet-provider';
export {
  watchMintQuote,
  mintQuoteClient,
  DEFAULT_WATCH_INTERVALS,
  type MintQuoteClient,
  type QuoteWatch,
  type QuoteWatchHandlers,
  type QuoteWatchOptions,
  type WatchIntervals,
  type MintQuoteSnapshot,
  type MintQuoteStateName,
} from './quote-watcher';
export { toMintQuoteSnapshot, isExpiredUnpaid } from './mint-quote-snapshot';
export { toMintError, isAmbiguous, isDefiniteRefusal, refusalCode, NutCode } from './mint-errors';
export { lockPubkeyForNostrKey, signingKeyForQuote } from './nut20-key';
export { toNewProof, sumSats } from './proof-convert';
export { defaultQuoteLock, inProcessQuoteLock, type QuoteLock } from './quote-lock';
