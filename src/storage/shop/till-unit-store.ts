// TillUnitStore on Dexie: the unit the till charges in, as the TILL_UNIT config row; no row (or one this version cannot read) is sats.
import type { Clock } from '../../core/clock';
import type { TillBalance, TillUnitStore } from '../../core/settings/till-unit';
import { amountOf } from '../../core/units/amount';
import { SAT, storedUnit, unitDecimals, type Unit } from '../../core/units/unit';
import { sumUnspent } from '../wallet/proof-totals';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS } from '../database/key-names';

export class DexieTillUnitStore implements TillUnitStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async getTillUnit(): Promise<Unit> {
    return storedUnit((await this.db.config.get(CONFIG_KEYS.tillUnit))?.value);
  }

  async setTillUnit(unit: Unit): Promise<void> {
    await this.db.config.put({ key: CONFIG_KEYS.tillUnit, value: unit, updatedAt: this.clock() });
  }

  /**
   * The unspent total in the till unit over every mint, as the keypad shows it: the sats' or one
   * fiat unit's totals, never both (decision 0067). Zero when the read fails.
   */
  async tillBalance(): Promise<TillBalance> {
    const { db } = this;
    const unit = await this.getTillUnit();
    try {
      const rows =
        unit === SAT
          ? await db.proofTotals.toArray()
          : (await db.unitTotals.toArray()).filter((row) => row.unit === unit);
      return { ...amountOf(sumUnspent(rows), unit), decimals: unitDecimals(unit) };
    } catch {
      return { ...amountOf(0, unit), decimals: unitDecimals(unit) };
    }
  }
}
