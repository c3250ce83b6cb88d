// What the settings screen needs from the app's services (a structural subset of AppServices).
import type { BooksSettingsStore } from '../../core/settings/books-settings';
import type { TillStaff } from '../../core/staff/till-staff';
import type { Logger } from '../../core/logger';
import type { PinGate } from '../../ui/pin/PinPrompt';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore } from '../../core/settings/ports';
import type { KeyStore } from '../../core/keys/ports';
import type { ProofStore } from '../../core/wallet/proof-ports';
import type { MintCheck } from '../../core/settings/mint-check';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { RecoverFundsService } from './RecoverFunds';
import type { BackupStatusSource } from './BackupWarning';
import type { LockedSaleBackupSource } from './LockedSaleBackupLine';
import type { PinControl } from './PinSettings';
import type { StorageInfo } from './StorageStatus';
import type { AutoCashOutStore } from './AutoCashOutSettings';
import type { PriceService } from '../../core/prices/price-service';
import type { RemotePaymentInbox } from '../../core/remote-payments/merchant/inbox';
import type { PairingStore } from '../../core/remote-payments/merchant/merchant-ports';
import type { RelayStatusSource } from '../../core/remote-payments/merchant/relay-status';
import type { ReceiptPrintStore } from '../../core/receipts/receipt-print';
import type { RemoteMintStore } from './RemoteMintSettings';
import type { ForeignEcashSettingStore } from './ForeignEcashSetting';
import type { WalletReplaceStore } from '../../core/wallet/replace/replace-wallet';
import type { LanguageChoice } from './LanguageSetting';
import type { TillUnitStore } from '../../core/settings/till-unit';
import type { Unit } from '../../core/units/unit';
import type { OfflineCapsStore } from './OfflineCapsSettings';

/** The price service as "Your shop" uses it: display currency, price source, a new price taken. */
export type PriceSettingsService = Pick<
  PriceService,
  'settings' | 'saveSettings' | 'currencies' | 'refresh' | 'acceptNewPrice'
>;

/** The staff list and whether cash is counted per person (StaffSettings). */
export type StaffSettingsService = Pick<
  TillStaff,
  'list' | 'add' | 'remove' | 'recordsCash' | 'setRecordsCash'
>;

export interface SettingsServices {
  storage: {
    config: Pick<
      ConfigStore,
      'getMintUrl' | 'getRelays' | 'saveSettings' | 'getShopName' | 'setShopName'
    >;
    /** the recovery phrase, shown behind a warning and asked for by the phrase check */
    keys: Pick<KeyStore, 'getMnemonic'>;
    /** whether the recovery phrase was checked */
    phraseCheck: PhraseCheckStore;
    /** automatic cash-out settings */
    autoCashOut: AutoCashOutStore;
    /** whether unpaired cashier links are accepted; the mints cashiers sell on; refusals */
    merchantTrust: Pick<PairingStore, 'acceptsUnpaired' | 'setAcceptsUnpaired'> & RemoteMintStore;
    /** "Accept ecash from other mints"; omitted: the setting is not shown */
    foreignEcash?: ForeignEcashSettingStore;
    /** Ecash taken offline, on or off, and its caps; omitted: not offered */
    offlineCaps?: OfflineCapsStore;
    /** the sats left on the old mint, for the warning when the mint changes */
    proofs?: Pick<ProofStore, 'balance'>;
    /** Print receipts automatically; omitted: not offered */
    receiptPrint?: Pick<ReceiptPrintStore, 'autoPrint' | 'setAutoPrint'>;
    /** Address, tax number, tax and discount rules (decision 0064); omitted: not offered */
    books?: BooksSettingsStore;
    /** Replace wallet: what would be left behind, and the wallet forgotten; omitted: not offered */
    walletReset?: WalletReplaceStore;
    /** The unit the till charges in (decision 0067); omitted: the setting is not shown */
    tillUnit?: TillUnitStore;
  };
  /** the kind 10019 merchant profile, republished when the unpaired setting changes */
  merchantProfile: { sync(): Promise<unknown> };
  /** the paired cashiers' catalog, published again when who may give discounts changes */
  catalog?: { sync(): Promise<unknown> };
  /** Asks a new mint for its info before saving; core/settings/mint-check.ts when omitted. */
  checkMint?: (mintUrl: string) => Promise<MintCheck>;
  /** The units a mint issues (its keysets); core/settings/till-unit.ts when omitted. */
  mintUnits?: (mintUrl: string) => Promise<Unit[]>;
  /** the device's npub */
  deviceKeys: Pick<DeviceKeys, 'getKeypair'>;
  /** The browser's storage manager, when it has one: persistence and usage. */
  deviceStorage?: StorageInfo | undefined;
  /** The remote-payment inbox; restarted so new relays apply without a reload. */
  inbox: Pick<RemotePaymentInbox, 'restart'>;
  /** Per relay, whether the inbox gets its messages; the list is left out when omitted. */
  relayStatus?: RelayStatusSource;
  /** Display currency and price source; the section is left out when omitted. */
  prices?: PriceSettingsService;
  /** The app's language and the merchant's choice of it; omitted: the picker is not shown. */
  language?: LanguageChoice | undefined;
  /** The staff list (decision 0066); omitted: the section is not shown. */
  staff?: StaffSettingsService;
  /** The phrase restore scan behind "Recover funds". */
  restore: RecoverFundsService;
  /** The app data backup on the relays: a line says when they have not taken part of it. */
  appData?: BackupStatusSource;
  /** Backups of sales taken while locked; omitted: the pending line is not shown. */
  lockedSaleBackups?: LockedSaleBackupSource;
  logger: Logger;
  /** The merchant PIN in front of this screen, and set/change/remove; omitted: never asked. */
  lock?: PinGate & PinControl;
}
