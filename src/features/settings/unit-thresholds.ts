// The per-unit thresholds of automatic cash-out as the Settings form types them: major units of
// each fiat unit ("20.00" for 2000 cents), empty for none (docs/decisions/0090-automatic-cash-out-per-unit.md).
import { amountFromText } from '../../core/units/amount';
import {
  FIAT_UNITS,
  isFiatUnit,
  unitDecimals,
  type FiatUnit,
  type Unit,
} from '../../core/units/unit';
import type { AutoCashOutSettings } from '../../core/wallet/cash-out/auto-cash-out';

/** Typed text per fiat unit shown in the form. */
export type UnitThresholdTexts = Partial<Record<FiatUnit, string>>;

/** The fiat units the form offers a threshold for: those the mint issues and those already set. */
export function thresholdUnits(
  offered: readonly Unit[],
  saved: AutoCashOutSettings['unitThresholds'],
): FiatUnit[] {
  const wanted = new Set<string>([...offered, ...Object.keys(saved ?? {})]);
  return FIAT_UNITS.filter((unit) => wanted.has(unit));
}

/** Saved cents as the field shows them: "20.00". */
export function thresholdTexts(saved: AutoCashOutSettings['unitThresholds']): UnitThresholdTexts {
  const out: UnitThresholdTexts = {};
  for (const [unit, minor] of Object.entries(saved ?? {})) {
    if (!isFiatUnit(unit) || minor === undefined) continue;
    out[unit] = (minor / 10 ** unitDecimals(unit)).toFixed(unitDecimals(unit));
  }
  return out;
}

/**
 * The typed texts as minor units; an empty field is left out, and text that is not an amount is
 * NaN so the form's check names its unit. Undefined when no field holds anything.
 */
export function thresholdsFromTexts(
  texts: UnitThresholdTexts,
): AutoCashOutSettings['unitThresholds'] {
  const out: Partial<Record<FiatUnit, number>> = {};
  for (const [unit, text] of Object.entries(texts)) {
    if (!isFiatUnit(unit) || text === undefined || text.trim() === '') continue;
    out[unit] = amountFromText(text, unit)?.minor ?? Number.NaN;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
