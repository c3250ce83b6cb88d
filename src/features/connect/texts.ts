// User-visible texts of the Connect screen (SPEC §2 "/connect", §8 silent clipboard failure).
export const CONNECT_TITLE = 'Connect Remote POS';
export const CONNECT_SUBTITLE =
  'Scan this QR code with another device to create a remote point of sale.';
export const CONNECTION_STRING_LABEL = 'Connection String:';
export const COPY_CONNECTION_STRING = 'Copy Connection String';
/** SPEC §8 "Silent or logged only". */
export const COPY_FAILED_LOG = 'Failed to copy connection string:';
export const CONNECT_LOAD_FAILED = 'Could not load the connection details. Reload to try again.';
/** SPEC §9: the connection QR is 200 px. */
export const CONNECTION_QR_SIZE = 200;
