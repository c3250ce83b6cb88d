// What the items editor needs from the app's services (a structural subset of AppServices).
import type { ItemStore, StockStore, TipSettingsStore } from '../../core/items/ports';
import type { Logger } from '../../core/logger';
import type { PinGate } from '../../ui/pin/PinPrompt';

export interface ItemsServices {
  /** `stock`: counted stock per item and choice; absent: the editor shows no counts */
  storage: { items: ItemStore; tips: TipSettingsStore; stock?: StockStore };
  logger: Logger;
  /** the paired cashiers' copy of the catalog, published again after a change */
  catalog?: { sync(): Promise<unknown> };
  /** The merchant PIN in front of the editor (docs/security.md "The merchant PIN"); omitted: never asked. */
  lock?: PinGate;
}
