// Shifts as stored: each checked on read, so a row from another version never breaks the till.
import { isCurrencyCode } from '../prices/currencies';
import type { Shift } from './shift';
import { staffRefFrom as refFrom } from './staff-ref';
import { isFiatUnit, parseUnit } from '../units/unit';

export type { Shift } from './shift';

const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

function shiftFrom(value: unknown): Shift | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const openedBy = refFrom(v.openedBy);
  if (typeof v.id !== 'string' || !whole(v.openedAt) || !openedBy || !whole(v.floatMinor)) {
    return undefined;
  }
  if (v.currency !== undefined && !isCurrencyCode(v.currency)) return undefined;
  const unit = parseUnit(v.unit);
  const shift: Shift = {
    id: v.id,
    openedAt: v.openedAt,
    openedBy,
    floatMinor: v.floatMinor,
    ...(v.currency !== undefined ? { currency: v.currency as string } : {}),
    // The till's unit a shift opened in; a unit this version does not know reads as sats.
    ...(isFiatUnit(unit) ? { unit } : {}),
  };
  if (v.closedAt === undefined) return shift;
  const closedBy = refFrom(v.closedBy);
  if (!whole(v.closedAt) || !closedBy || !whole(v.countedMinor)) return undefined;
  return { ...shift, closedAt: v.closedAt, closedBy, countedMinor: v.countedMinor };
}

export function shiftsFrom(value: unknown): Shift[] {
  if (!Array.isArray(value)) return [];
  return value.map(shiftFrom).filter((s): s is Shift => s !== undefined);
}
