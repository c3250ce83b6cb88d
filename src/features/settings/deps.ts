// What the settings screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { ConfigStore, KeyStore } from '../../core/ports';
import type { RecoverFundsService } from './RecoverFunds';

export interface SettingsServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'saveSettings'>;
    keys: KeyStore;
  };
  /** The payment listener; restarted so new relays apply without a reload. */
  messaging: { restart(): Promise<void> };
  /** The phrase restore scan behind "Recover funds". */
  restore: RecoverFundsService;
  logger: Logger;
}
