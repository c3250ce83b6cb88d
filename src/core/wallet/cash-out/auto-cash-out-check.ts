// Whether automatic cash-out settings may be saved: the Settings form's check and a restore's
// (docs/behaviour.md "Cash out"), one rule for both.
import type { AutoCashOutSettings } from './auto-cash-out';
import { parseDestination } from './lnurl';

/** The least threshold automatic cash-out takes (a cash-out of less cannot pay its fees). */
export const AUTO_CASH_OUT_MIN_THRESHOLD = 2;

/** The first field that fails; `error` is why the address was not read, when it was not. */
export type AutoCashOutProblem =
  | { field: 'fee-percent' }
  | { field: 'fee-sats' }
  | { field: 'address'; error?: unknown }
  | { field: 'threshold' };

/** Undefined when the settings can be saved as they are. */
export function autoCashOutProblem(settings: AutoCashOutSettings): AutoCashOutProblem | undefined {
  const limit = settings.feeLimit;
  if (limit && !(Number.isFinite(limit.percent) && limit.percent >= 0 && limit.percent <= 100)) {
    return { field: 'fee-percent' };
  }
  if (limit && !(Number.isSafeInteger(limit.sats) && limit.sats >= 0)) return { field: 'fee-sats' };
  if (!settings.enabled) return undefined;
  if (!settings.address.trim()) return { field: 'address' };
  try {
    if (parseDestination(settings.address).kind !== 'lnurl') return { field: 'address' };
  } catch (error) {
    return { field: 'address', error };
  }
  if (
    !Number.isSafeInteger(settings.threshold) ||
    settings.threshold < AUTO_CASH_OUT_MIN_THRESHOLD
  ) {
    return { field: 'threshold' };
  }
  return undefined;
}
