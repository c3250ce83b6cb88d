// The screens' import of the one number format, which lives in core so domain texts use it too
// (core/format-sats.ts).
export { formatNumber, formatSats } from '../core/format-sats';
