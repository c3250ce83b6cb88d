// What the point-of-sale screen needs from the app's services (a structural subset of AppServices).
import type { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { CartStore, ItemStore, StockStore, TipSettingsStore } from '../../core/items/ports';
import type { BooksSettingsStore } from '../../core/settings/books-settings';
import type { TillBalance } from '../../core/settings/till-unit';
import type { ReceiptSources } from '../../core/receipts/load-receipt';
import type { ReceiptPrintStore } from '../../core/receipts/receipt-print';
import type { PriceService } from '../../core/prices/price-service';
import type { PaymentService } from '../../core/wallet/receive/payment-service';
import type { SaleRequests } from '../../core/wallet/ecash/sale-requests';
import type { EcashRouter } from '../../core/wallet/ecash/foreign/ecash-router';
import type { CardTaps } from '../../core/tap/tap-to-pay';
import type { TillStaff } from '../../core/staff/till-staff';
import type { CashSaleRecorder } from '../../core/staff/ports';
import type { PinCheck } from '../../ui/pin/PinPrompt';

/** The merchant PIN asked before a discount where the shop says so (Settings, decision 0064). */
export interface DiscountPin extends PinCheck {
  /** true while no PIN is asked: none is set, or one was entered in the last minutes */
  open(): Promise<boolean>;
}

/** Creating invoices and hearing how they end; AppServices.payments satisfies it. */
export type PosPayments = Pick<
  PaymentService,
  | 'createInvoice'
  | 'prepareInvoices'
  | 'setForeground'
  | 'setShown'
  | 'onSettled'
  | 'onFailed'
  | 'onQuoteHealth'
  | 'amountLimits'
  | 'latestWaiting'
>;

/**
 * The display currency's price for the keypad's fiat toggle, and the merchant's answer to a price
 * jump; AppServices.prices satisfies it.
 */
export type PosPrices = Pick<PriceService, 'current' | 'acceptNewPrice' | 'keepSatsOnly'>;

/** The catalog, the carts and the tip setting for the Items side of Home (storage's stores). */
export interface PosItems {
  items: Pick<ItemStore, 'list'>;
  carts: CartStore;
  tips: Pick<TipSettingsStore, 'get'>;
  /** the shop's tax rules for the cart (prices with or without tax, rounding) */
  books?: Pick<BooksSettingsStore, 'get'>;
  /**
   * counted stock: sold-out items are greyed and the cart held within it, read again whenever a
   * record moves it (docs/behaviour.md "Stock"); absent: none counted
   */
  stock?: Pick<StockStore, 'rows' | 'watch'>;
  /** the merchant PIN a discount needs where only the merchant or a manager may give one */
  discountPin?: DiscountPin;
  /** loads the stores and opens their connection ahead of the first read; never rejects */
  warm?: () => Promise<void>;
}

/** The last sale's receipt and automatic printing (docs/behaviour.md "Receipts"). */
export interface PosReceipts {
  store: Pick<ReceiptPrintStore, 'autoPrint' | 'saleByKey' | 'claimPrint'>;
  /** must be stable: the receipt is read again when it changes */
  sources: ReceiptSources;
}

/** Who is at the till and the cash sales they record (decision 0066); omitted: no staff bar. */
export interface PosStaff {
  till: Pick<
    TillStaff,
    'list' | 'current' | 'switchTo' | 'switchToOwner' | 'asksPin' | 'recordsCash'
  >;
  cash: CashSaleRecorder;
}

export interface PosServices {
  /** Omitted: Home has the keypad only. */
  items?: PosItems;
  payments: PosPayments;
  /** Omitted: the keypad takes sats only. */
  prices?: PosPrices;
  /** The NUT-18 request offered beside each invoice; omitted: Lightning only. */
  ecashRequests?: Pick<SaleRequests, 'forQuote'>;
  /** A token pasted or scanned at the keypad ("Receive ecash"); omitted: no such button. */
  ecash?: Pick<EcashRouter, 'receiveToken' | 'onLanded'> & {
    /** The request locked to the shop for a sale of `amount` while offline; null: none to offer. */
    offlineRequest?: (amount: number) => Promise<string | null>;
  };
  staff?: PosStaff;
  /** Omitted: no Receipt after a sale and no automatic printing. */
  receipts?: PosReceipts;
  /** A Bolt Card tapped on the invoice screen (Web NFC); omitted: no Tap to pay. */
  cardTaps?: CardTaps;
  storage: {
    /** The balance in the unit the till charges in (decision 0067); never rejects (0 on a failed read). */
    tillBalance(): Promise<TillBalance>;
  };
  events: Pick<WalletEvents, 'onUpdated'>;
  logger: Logger;
}

export interface PosScreenProps {
  services: PosServices;
}
