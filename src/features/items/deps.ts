// What the items editor needs from the app's services (a structural subset of AppServices).
import type { ItemStore, StockStore, TipSettingsStore } from '../../core/items/ports';
import type { Logger } from '../../core/logger';
import type { TillUnitStore } from '../../core/settings/till-unit';
import type { PinGate } from '../../ui/pin/PinPrompt';

export interface ItemsServices {
  /**
   * `stock`: counted stock per item and choice; absent: the editor shows no counts. `tillUnit`: the
   * unit the till charges in, a new item's first currency; absent: sats.
   */
  storage: {
    items: ItemStore;
    tips: TipSettingsStore;
    stock?: StockStore;
    tillUnit?: Pick<TillUnitStore, 'getTillUnit'>;
  };
  logger: Logger;
  /** the paired cashiers' copy of the catalog, published again after a change */
  catalog?: { sync(): Promise<unknown> };
  /** The merchant PIN in front of the editor (docs/security.md "The merchant PIN"); omitted: never asked. */
  lock?: PinGate;
}
