// What the Connect screen needs from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { PinGate } from '../../ui/pin/PinPrompt';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore } from '../../core/settings/ports';
import type { PairingStore } from '../../core/remote-payments/merchant/merchant-ports';
import type { StaffMember } from '../../core/staff/staff';

export interface ConnectServices {
  storage: {
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'getShopName'>;
    /** the pairing secret the link carries; reset makes old links stop working */
    merchantTrust: Pick<PairingStore, 'getOrCreateSecret' | 'resetSecret'>;
  };
  /** republished after a reset, so a cashier reading the profile sees the new pairing id */
  merchantProfile: {
    sync(): Promise<unknown>;
    /** another device on this phrase, as the last sync saw the relays */
    otherDevice?(): 'holding' | 'taken-over' | 'present' | undefined;
    /** told when a sync sees it change; returns the unsubscribe */
    onOtherDevice?(
      listener: (other: 'holding' | 'taken-over' | 'present' | undefined) => void,
    ): () => void;
  };
  /** the cashiers' catalog, published again for the new secret after a reset */
  catalog?: { sync(): Promise<unknown> };
  /** the staff list: each person's own link, revoked one by one (core/staff/staff-link.ts) */
  staff?: {
    list(): Promise<StaffMember[]>;
    revokeLink(id: string, shopSecret: Uint8Array): Promise<StaffMember>;
  };
  /** the device's npub goes into the link (the key is created on first use) */
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  logger: Logger; /** The merchant PIN in front of this screen; omitted: never asked. */
  lock?: PinGate;
}

export interface ConnectScreenProps {
  services: ConnectServices;
  /** Where the app is served; tests pass one, the app uses window.location.origin. */
  origin?: string;
}
