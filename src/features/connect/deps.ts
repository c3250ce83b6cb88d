// What the Connect screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { ConfigStore, KeyStore } from '../../core/ports';

export interface ConnectServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays'>;
    keys: KeyStore;
  };
  logger: Logger;
}

export interface ConnectScreenProps {
  services: ConnectServices;
  /** Where the app is served; tests pass one, the app uses window.location.origin. */
  origin?: string;
}
