// Whether automatic cash-out settings may be saved: the Settings form's check and a restore's
// (docs/behaviour.md "Cash out"), one rule for both.
import type { AutoCashOutSettings } from './auto-cash-out';
import { parseDestination } from './lnurl';
import { isFiatUnit, type FiatUnit } from '../../units/unit';

/** The least threshold automatic cash-out takes (a cash-out of less cannot pay its fees). */
export const AUTO_CASH_OUT_MIN_THRESHOLD = 2;

/** The first field that fails; `error` is why the address was not read, when it was not. */
export type AutoCashOutProblem =
  | { field: 'fee-percent' }
  | { field: 'fee-sats' }
  | { field: 'address'; error?: unknown }
  | { field: 'threshold' }
  /** a fiat unit's threshold is not a whole number of its minor units from the least up */
  | { field: 'unit-threshold'; unit: FiatUnit };

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
  for (const [unit, threshold] of Object.entries(settings.unitThresholds ?? {})) {
    if (!isFiatUnit(unit)) continue;
    if (threshold === undefined || threshold === 0) continue;
    if (!Number.isSafeInteger(threshold) || threshold < AUTO_CASH_OUT_MIN_THRESHOLD) {
      return { field: 'unit-threshold', unit };
    }
  }
  // The sat threshold may be empty when a unit has one (decision 0090): only that unit goes.
  if (settings.threshold === 0 && hasUnitThreshold(settings)) return undefined;
  if (
    !Number.isSafeInteger(settings.threshold) ||
    settings.threshold < AUTO_CASH_OUT_MIN_THRESHOLD
  ) {
    return { field: 'threshold' };
  }
  return undefined;
}

function hasUnitThreshold(settings: AutoCashOutSettings): boolean {
  return Object.entries(settings.unitThresholds ?? {}).some(
    ([unit, threshold]) => isFiatUnit(unit) && typeof threshold === 'number' && threshold > 0,
  );
}

/**
 * The per-unit thresholds of a stored or restored value: fiat units with a positive whole number;
 * undefined when none is left (anything else is dropped, as an unreadable threshold reads 0).
 */
export function cleanUnitThresholds(value: unknown): AutoCashOutSettings['unitThresholds'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const out: Partial<Record<FiatUnit, number>> = {};
  for (const [unit, threshold] of Object.entries(value as Record<string, unknown>)) {
    if (isFiatUnit(unit) && Number.isSafeInteger(threshold) && (threshold as number) > 0) {
      out[unit] = threshold as number;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
