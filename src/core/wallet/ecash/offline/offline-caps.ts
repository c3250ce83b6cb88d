// The merchant's limits on ecash taken without the mint (docs/security.md "Ecash taken offline"):
// what the shop can lose if the mint fails before it redeems is at most the outstanding cap.
import { OfflineRefusedError } from './offline-refusal';
import type { OfflineTotals } from './offline-ports';

export interface OfflineCaps {
  /** off: the till never takes ecash without its mint */
  enabled: boolean;
  perSale: number;
  perDay: number;
  outstanding: number;
}

/** Small on purpose: a shop raises them once it trusts its mint (docs/security.md). */
export const DEFAULT_OFFLINE_CAPS: OfflineCaps = {
  enabled: true,
  perSale: 10_000,
  perDay: 50_000,
  outstanding: 100_000,
};

/** Keeps only whole, non-negative caps; anything else falls back to the default. */
export function normaliseCaps(
  raw: Partial<Record<keyof OfflineCaps, unknown>> | undefined,
): OfflineCaps {
  const whole = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
  const d = DEFAULT_OFFLINE_CAPS;
  return {
    enabled: typeof raw?.enabled === 'boolean' ? raw.enabled : d.enabled,
    perSale: whole(raw?.perSale, d.perSale),
    perDay: whole(raw?.perDay, d.perDay),
    outstanding: whole(raw?.outstanding, d.outstanding),
  };
}

/** Throws OfflineRefusedError when a sale of `amount` sats would pass a cap. */
export function checkOfflineCaps(caps: OfflineCaps, amount: number, totals: OfflineTotals): void {
  if (!caps.enabled) throw new OfflineRefusedError({ kind: 'off' });
  if (amount > caps.perSale) throw new OfflineRefusedError({ kind: 'cap-sale', cap: caps.perSale });
  if (totals.today + amount > caps.perDay) {
    const left = Math.max(0, caps.perDay - totals.today);
    throw new OfflineRefusedError({ kind: 'cap-day', cap: caps.perDay, left });
  }
  if (totals.outstanding + amount > caps.outstanding) {
    const left = Math.max(0, caps.outstanding - totals.outstanding);
    throw new OfflineRefusedError({ kind: 'cap-outstanding', cap: caps.outstanding, left });
  }
}

/** The caps as typed in Settings. */
export type OfflineCapsText = Record<'perSale' | 'perDay' | 'outstanding', string>;

/**
 * The caps the Settings form saves, or the first field that is not a whole number of sats ≥ 0
 * (then nothing is saved).
 */
export function capsFromText(
  enabled: boolean,
  text: OfflineCapsText,
): { caps: OfflineCaps } | { field: keyof OfflineCapsText } {
  const caps: OfflineCaps = { enabled, perSale: 0, perDay: 0, outstanding: 0 };
  for (const field of ['perSale', 'perDay', 'outstanding'] as const) {
    const typed = text[field].trim();
    const value = /^\d+$/.test(typed) ? Number(typed) : NaN;
    if (!Number.isSafeInteger(value)) return { field };
    caps[field] = value;
  }
  return { caps };
}
