// User-visible texts of the point-of-sale screen (SPEC §8 where the spec names them).

/** SPEC §8 mint quote failure; also shown when the mint quote cannot be created at all. */
export const PAYMENT_FAILED_TOAST = '❌ Payment failed. Please try again.';
/** SPEC §8 "Silent or logged only": clipboard failures are logged with this prefix. */
export const COPY_FAILED_LOG = 'Failed to copy invoice:';
