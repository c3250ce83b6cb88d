// Sats amounts and other figures as text with thousands separators ("12,345"), the same on every
// screen, in every locale and in every text the domain writes.

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
