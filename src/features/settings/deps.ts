// What the settings screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { PinGate } from '../../ui/PinPrompt';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore, KeyStore } from '../../core/ports';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { RecoverFundsService } from './RecoverFunds';
import type { PinControl } from './PinSettings';
import type { StorageInfo } from './StorageStatus';
import type { AutoCashOutStore } from './AutoCashOutSettings';
import type { RemotePaymentInbox } from '../../core/remote-payments/inbox';

export interface SettingsServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'saveSettings'>;
    /** the recovery phrase, shown behind a warning and asked for by the phrase check */
    keys: Pick<KeyStore, 'getMnemonic'>;
    /** whether the recovery phrase was checked */
    phraseCheck: PhraseCheckStore;
    /** automatic cash-out settings */
    autoCashOut: AutoCashOutStore;
  };
  /** the device's npub */
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  /** The browser's storage manager, when it has one: persistence and usage. */
  deviceStorage?: StorageInfo | undefined;
  /** The remote-payment inbox; restarted so new relays apply without a reload. */
  inbox: Pick<RemotePaymentInbox, 'restart'>;
  /** The phrase restore scan behind "Recover funds". */
  restore: RecoverFundsService;
  logger: Logger; /** The merchant PIN in front of this screen, and set/change/remove; omitted: never asked. */
  lock?: PinGate & PinControl;
}
