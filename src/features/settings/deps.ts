// What the settings screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { ConfigStore, KeyStore } from '../../core/ports';
import type { AutoCashOutStore } from './AutoCashOutSettings';

export interface SettingsServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'saveSettings'>;
    keys: KeyStore;
    /** automatic cash-out settings */
    autoCashOut: AutoCashOutStore;
  };
  /** The payment listener; restarted so new relays apply without a reload. */
  messaging: { restart(): Promise<void> };
  logger: Logger;
}
