// The automatic cash-out settings (off by default) and the cash-out fee limit, one JSON value in
// the config table.
import type { AutoCashOutSettings } from '../../core/wallet/cash-out/auto-cash-out';
import { cleanFeeLimit } from '../../core/wallet/cash-out/fee-limit';
import { cleanUnitThresholds } from '../../core/wallet/cash-out/auto-cash-out-check';
import { writeConfigJson } from '../database/config-json';
import { ClockedStore } from '../database/clocked-store';

export const AUTO_CASH_OUT_KEY = 'AUTO_CASH_OUT';
const OFF: AutoCashOutSettings = { enabled: false, address: '', threshold: 0 };

export class DexieAutoCashOutStore extends ClockedStore {
  /** Off when never saved or unreadable. */
  async get(): Promise<AutoCashOutSettings> {
    const row = await this.db.config.get(AUTO_CASH_OUT_KEY);
    if (!row) return OFF;
    try {
      const value = JSON.parse(row.value) as Partial<AutoCashOutSettings>;
      const unitThresholds = cleanUnitThresholds(value.unitThresholds);
      return {
        enabled: value.enabled === true,
        address: typeof value.address === 'string' ? value.address : '',
        threshold:
          typeof value.threshold === 'number' && Number.isSafeInteger(value.threshold)
            ? value.threshold
            : 0,
        ...(value.feeLimit ? { feeLimit: cleanFeeLimit(value.feeLimit) } : {}),
        ...(unitThresholds ? { unitThresholds } : {}),
      };
    } catch {
      return OFF;
    }
  }

  async set(settings: AutoCashOutSettings): Promise<void> {
    await writeConfigJson(this.db, AUTO_CASH_OUT_KEY, settings, this.clock());
  }
}
