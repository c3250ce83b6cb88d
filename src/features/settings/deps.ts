// What the settings screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore, KeyStore } from '../../core/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/inbox';

export interface SettingsServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'saveSettings'>;
    /** the recovery phrase, shown behind a warning */
    keys: Pick<KeyStore, 'getMnemonic'>;
  };
  /** the device's npub */
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  /** The remote-payment inbox; restarted so new relays apply without a reload. */
  inbox: Pick<RemotePaymentInbox, 'restart'>;
  logger: Logger;
}
