// What the settings screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { ConfigStore, KeyStore } from '../../core/ports';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { RecoverFundsService } from './RecoverFunds';
import type { StorageInfo } from './StorageStatus';
import type { AutoCashOutStore } from './AutoCashOutSettings';

export interface SettingsServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'saveSettings'>;
    keys: KeyStore;
    /** whether the recovery phrase was checked */
    phraseCheck: PhraseCheckStore;
    /** automatic cash-out settings */
    autoCashOut: AutoCashOutStore;
  };
  /** The browser's storage manager, when it has one: persistence and usage. */
  deviceStorage?: StorageInfo | undefined;
  /** The payment listener; restarted so new relays apply without a reload. */
  messaging: { restart(): Promise<void> };
  /** The phrase restore scan behind "Recover funds". */
  restore: RecoverFundsService;
  logger: Logger;
}
