// What the remote cashier page needs from the app's services (a structural subset of AppServices).
import type { CartStore } from '../../core/items/ports';
import type { Logger } from '../../core/logger';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore } from '../../core/settings/ports';
import type { PriceCacheStore } from '../../core/prices/price-service';
import type { CashierSaleStore, RelayPool } from '../../core/remote-payments';
import type { WalletProvider } from '../../core/wallet/wallet-provider';

export interface RemoteServices {
  storage: {
    /** the fallback when neither the link nor the profile names relays (else build defaults) */
    config: Pick<ConfigStore, 'getMintUrl' | 'getRelays'>;
    /** the sales list, until each sale's receipt arrives */
    cashierSales: CashierSaleStore;
    /** this device's carts and parked baskets for one merchant's till (never the merchant's own) */
    cashierCarts: (merchantPubkeyHex: string) => CartStore;
    /** this device's last accepted price for one merchant's source, the reference of its jumps */
    cashierPrices: (merchantPubkeyHex: string) => PriceCacheStore;
  };
  /** the device's own key, created on first use: only to refuse a link to itself */
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  /** seedless wallets: the cashier creates and watches quotes, never mints */
  wallets: Pick<WalletProvider, 'getSeedlessWallet' | 'getMint'>;
  logger: Logger;
  /** tests pass an in-memory pool; the app uses nostr-tools over the browser WebSocket */
  createRelayPool?: () => RelayPool;
}

export interface RemoteScreenProps {
  services: RemoteServices;
}
