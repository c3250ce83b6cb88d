// Days in the merchant's time zone (the browser's): a calendar date's start and end, and the date
// and time of an instant, with Date's local getters (no Intl).

/** Date, time and UTC offset of `at` from one Date (the export formats 100,000 of them). */
export function localStamp(at: number): { date: string; time: string; offset: string } {
  const d = new Date(at);
  const minutes = -d.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return {
    date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
    offset: `UTC${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`,
  };
}

/** 'YYYY-MM-DD' of the local day holding `at`. */
export function localDate(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/**
 * [start, end) in ms of a local calendar date 'YYYY-MM-DD'; a day across a clock change is 23 or
 * 25 hours long. Undefined for anything that is not a real date.
 */
export function localDayRange(date: string): { start: number; end: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(y, m, d);
  if (start.getFullYear() !== y || start.getMonth() !== m || start.getDate() !== d)
    return undefined;
  return { start: start.getTime(), end: new Date(y, m, d + 1).getTime() };
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}
