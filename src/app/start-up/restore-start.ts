// The restore scan at app level: resumed at start-up (a reload mid-scan goes on), and one toast
// when a scan ends saying what it found (docs/behaviour.md, "Recover funds").
import type { Logger } from '../../core/logger';
import type { RestoreOutcome } from '../../core/wallet/restore/types';
import { englishTexts, type PaymentTexts } from '../shell/payment-notifications';
import { unitCurrency, unitDecimals, type FiatUnit } from '../../core/units/unit';
import {
  RESTORE_CANCELLED,
  RESTORE_FOUND,
  RESTORE_FOUND_AMOUNT,
  RESTORE_NOTHING_FOUND,
} from '../locales/restore-toasts/en.json';

/** "Recovery finished: 1,234 sats found and added to your balance." in the language of `texts`. */
export const restoreFoundText = (sats: number, { t, formats }: PaymentTexts = englishTexts()) =>
  t(RESTORE_FOUND, { count: sats, sats: formats.sats(sats) });
export const restoreCancelledText = (sats: number, { t, formats }: PaymentTexts = englishTexts()) =>
  t(RESTORE_CANCELLED, { count: sats, sats: formats.sats(sats) });
/** "Recovery finished: 3.52 USD found and added to your balance.": a unit's cents, never as sats. */
export const restoreFoundInUnitText = (
  unit: FiatUnit,
  minor: number,
  { t, formats }: PaymentTexts = englishTexts(),
) =>
  t(RESTORE_FOUND_AMOUNT, {
    amount: formats.fiat(minor, unitCurrency(unit), unitDecimals(unit)),
  });

/** What every mint brought back in each unit other than sats, summed per unit. */
function foundPerUnit(outcome: RestoreOutcome): Array<[FiatUnit, number]> {
  const totals = new Map<FiatUnit, number>();
  for (const mint of outcome.mints) {
    for (const [unit, minor] of Object.entries(mint.foundInUnits ?? {})) {
      if (minor) totals.set(unit as FiatUnit, (totals.get(unit as FiatUnit) ?? 0) + minor);
    }
  }
  return [...totals];
}

/** The mint's own message (core's) after its URL. */
export const restoreMintFailedText = (mintUrl: string, error: string) => `${mintUrl}: ${error}`;

export interface RestoreToaster {
  success(text: string, options?: { toastId?: string }): unknown;
  info(text: string, options?: { toastId?: string }): unknown;
  error(text: string, options?: { toastId?: string }): unknown;
}

/**
 * What a finished scan says, in the language shown then (`texts`, English when omitted): one
 * summary, plus one error per mint that could not be scanned.
 */
export function announceRestore(
  outcome: RestoreOutcome,
  toast: RestoreToaster,
  texts: () => PaymentTexts = englishTexts,
): void {
  const words = texts();
  // Each unit says its own amount: dollars found are never read as sats.
  const units = outcome.cancelled ? [] : foundPerUnit(outcome);
  if (outcome.cancelled) toast.info(restoreCancelledText(outcome.totalSats, words));
  else if (outcome.totalSats > 0) toast.success(restoreFoundText(outcome.totalSats, words));
  else if (units.length === 0) toast.info(words.t(RESTORE_NOTHING_FOUND));
  for (const [unit, minor] of units) toast.success(restoreFoundInUnitText(unit, minor, words));
  for (const mint of outcome.mints) {
    if (mint.error) toast.error(restoreMintFailedText(mint.mintUrl, mint.error));
  }
}

export interface RestoreStartDeps {
  restore: {
    onFinished(listener: (outcome: RestoreOutcome) => void): () => void;
    resume(): Promise<RestoreOutcome | undefined>;
  };
  config: { isOnboarded(): Promise<boolean> };
  toast: RestoreToaster;
  logger: Logger;
  /** The language's texts when a scan ends; English when omitted. */
  texts?: () => PaymentTexts;
}

/** Subscribes the toast, then resumes a stored scan on an onboarded device. Never rejects. */
export async function startRestore(deps: RestoreStartDeps): Promise<void> {
  deps.restore.onFinished((outcome) => announceRestore(outcome, deps.toast, deps.texts));
  try {
    if (!(await deps.config.isOnboarded())) return;
    await deps.restore.resume();
  } catch (error) {
    deps.logger.error('Resuming the restore scan failed', error);
  }
}
