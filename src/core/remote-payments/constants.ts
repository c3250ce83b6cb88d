// Numbers the remote-payment messaging depends on (docs/protocol.md "Remote payments",
// "Money rules").

/** nostr-tools back-dates seal and wrap created_at by up to this many seconds (NIP-59). */
export const GIFT_WRAP_BACKDATE_SECONDS = 172_800;

/** The inbox asks for wraps this far back: the back-dating window plus a day of margin. */
export const INBOX_LOOKBACK_SECONDS = 3 * 24 * 60 * 60;

/**
 * Slack below a relay's recorded lookback, for clocks that disagree
 * (docs/decisions/0013-pairing-hmac-and-relay-lookback.md).
 */
export const INBOX_CURSOR_MARGIN_SECONDS = 3_600;

/** While a relay subscription is live, its lookback is recorded this often. */
export const INBOX_CURSOR_REFRESH_MS = 60_000;

/**
 * Relay connection, publish and end-of-stored-events timeout
 * (docs/protocol.md "Sending (cashier)").
 */
export const RELAY_TIMEOUT_MS = 4400;

/** NIP-59 gift wrap and NIP-17 chat message kinds. */
export const GIFT_WRAP_KIND = 1059;
export const CHAT_MESSAGE_KIND = 14;

/** A payment message is a few hundred bytes; anything far larger is not ours. */
export const MAX_PAYMENT_MESSAGE_BYTES = 8 * 1024;
export const MAX_QUOTE_ID_LENGTH = 256;
export const MAX_REQUEST_LENGTH = 4096;

/** Every tab asks for this Web Lock; only its holder listens and mints remote payments. */
export const INBOX_LOCK_NAME = 'cashew-pos:remote-payment-inbox';

/** The "Error processing remote payment" toast is shown at most once per this interval. */
export const INVALID_MESSAGE_NOTICE_INTERVAL_MS = 60_000;

/** Processed quotes older than this (30 days) are cleaned up (docs/behaviour.md "Limits and constants"). */
export const PROCESSED_QUOTE_MAX_AGE_MS = 2_592_000_000;
