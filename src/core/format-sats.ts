// Sats amounts and other figures as text, by hand, as English shows them ("12,345", "12.34"): every
// text the domain writes, and the English screens (core/i18n/formats.ts; other languages use Intl).

/**
 * Groups the digits of a whole number of sats in threes with commas (en-US style). Done by hand:
 * the first Intl.NumberFormat or toLocaleString of a page loads the ICU number data, about 17 ms of
 * main thread on a fast machine (70 ms at 4x CPU throttling), and the keypad is the first screen.
 */
export function formatSats(sats: number): string {
  if (!Number.isSafeInteger(sats)) return String(sats);
  const digits = String(Math.abs(sats));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${group},${grouped}` : group;
  }
  return sats < 0 ? `-${grouped}` : grouped;
}

/**
 * A price or other figure with decimals, its whole part grouped as formatSats does ("65,432.5");
 * the same grouping everywhere a number is shown, without loading ICU on the first screen.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction] = Math.abs(value)
    .toFixed(8)
    .replace(/\.?0+$/u, '')
    .split('.');
  const grouped = formatSats(Number(whole));
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Minor units as a plain decimal string: 1234 with 2 decimals is "12.34", with 0 "1234". */
export function minorToText(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor)));
  if (decimals === 0) return sign + digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${sign}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}
