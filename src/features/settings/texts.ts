// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
import { formatNumber } from '../../ui/format-sats';
export const SETTINGS_SAVED = 'Settings saved. New mint and relays will be used going forward.';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOADING_SETTINGS = 'Loading settings...';
export const NO_PHRASE_TEXT = 'No recovery phrase is stored on this device.';
export const SHOP_TITLE = 'Your shop';
export const SHOP_NOTE =
  'Cashiers see this name on their invoice page instead of this device’s key. Optional, up to 40 characters.';
export const SHOP_LABEL = 'Shop name';
/** The Shop group's one save: the name and the prices together. */
export const SHOP_SAVE = 'Save shop settings';
export const shopSaved = (nameChanged: boolean) =>
  nameChanged
    ? 'Shop settings saved. Cashiers see the new name once they open the new connection link.'
    : 'Shop settings saved.';
export const SHOP_SAVE_FAILED = 'Could not save the shop name.';
/** A Settings card with one switch (SettingSwitch). */
export interface SwitchTexts {
  title: string;
  label: string;
  note: string;
  saveFailed: string;
}

export const UNPAIRED_SWITCH: SwitchTexts = {
  title: 'Remote cashiers',
  label: 'Accept payments from unpaired cashier links',
  note: 'Off: only cashier links made on the Connect screen (with their pairing secret) can send payments here. On: anyone who knows your npub can, as older links did.',
  saveFailed: 'Could not save the remote cashier setting',
};
// Accepted mints, unlocked sales and refused messages (docs/behaviour.md "Settings").
export const ACCEPTED_MINTS_HEADING = 'Mints cashiers sell on';
export const ACCEPTED_MINTS_NOTE =
  'Cashier links take payments only on these mints; a link that names another mint uses your current mint. A mint you switched away from stays here until you remove it.';
export const CURRENT_MINT_TAG = '(current mint)';
export const removeMintLabel = (mintUrl: string) => `Remove ${mintUrl}`;
export const UNLOCKED_LABEL = 'Accept sales on mints that cannot lock quotes';
export const UNLOCKED_NOTE =
  'Off: a cashier sells only on a mint that locks each invoice to this wallet, so only this wallet can collect the payment. A mint that ever locked invoices is always held to it.';
export const REFUSED_HEADING = 'Refused cashier payments';
export const refusedUnpaired = (n: number) => `From links without the pairing secret: ${n}`;
export const refusedMint = (n: number) => `On a mint you do not accept: ${n}`;
export const refusedUnlocked = (n: number) => `Not locked to this wallet: ${n}`;

// Display currency and price source (docs/behaviour.md "Prices in the merchant's currency").
export const PRICE_TITLE = 'Prices';
export const PRICE_NOTE =
  'Show and enter amounts in your currency as well as sats. The price comes from the price source below.';
export const PRICE_CURRENCY_LABEL = 'Display currency';
export const PRICE_SATS_ONLY = 'Sats only';
export const PRICE_URL_LABEL = 'Price source URL';
export const priceCheckOk = (currency: string, price: number | undefined) =>
  currency === ''
    ? 'Price source reached.'
    : price === undefined
      ? `The price source offers no price in ${currency}.`
      : `Price source reached: 1 BTC = ${formatNumber(price)} ${currency}.`;
export const priceCheckFailed = (reason: string) => `Price source check failed: ${reason}`;
/** After a check that found a jump: take the new price here rather than on the keypad. */
export const PRICE_USE_NEW = 'Use new price';

// Checking a new mint and warning about the balance left on the old one (issue 17).
export const CHECKING_MINT = 'Checking the mint...';
export const mintFoundText = (name: string) => `Mint found: ${name}`;
export const mintUnreachableText = (reason: string) =>
  `Could not reach this mint: ${reason}. Nothing was saved.`;
export const MINT_CHANGE_TITLE = 'Your balance stays on the old mint';
export const mintChangeWarning = (sats: string, oldMint: string) =>
  `${sats} stay on ${oldMint}: changing the mint does not move them. They stay in your balance and are listed under "Balance per mint" on the Wallet screen, where you can withdraw them.`;
export const SWITCH_MINT = 'Switch mint and save';
export const KEEP_MINT = 'Keep the current mint';
export const OPEN_WALLET = 'Open the Wallet screen';

// Merchant PIN (docs/behaviour.md "Merchant PIN").
export const PIN_SECTION_TITLE = 'Merchant PIN';
export const PIN_SECTION_TEXT =
  'A PIN keeps withdrawals, cash-outs, the recovery phrase, the Connect link and these settings from anyone at the counter, and stores the wallet’s secrets encrypted on this device. The keypad and taking payments never ask for it.';
export const PIN_IS_SET =
  'A PIN is set. Withdrawals, cash-outs, the recovery phrase and these settings ask for it.';
export const SET_PIN = 'Set PIN';
export const CHANGE_PIN = 'Change PIN';
export const REMOVE_PIN = 'Remove PIN';
export const SAVE_PIN = 'Save PIN';
export const CANCEL = 'Cancel';
export const PIN_SET_TOAST = 'PIN set. The wallet’s secrets are now stored encrypted.';
export const PIN_CHANGED_TOAST = 'PIN changed.';
export const PIN_REMOVED_TOAST = 'PIN removed. The wallet’s secrets are stored unencrypted again.';
export const REMOVE_PIN_TITLE = 'Remove the PIN?';
export const REMOVE_PIN_WARNING =
  'Without a PIN, anyone at this till can withdraw, cash out, change the mint and see the recovery phrase, and the wallet’s secrets are stored unencrypted on this device. Enter the current PIN to remove it.';
export const REMOVE_PIN_CONFIRM = 'Yes, remove the PIN';
export const KEEP_PIN = 'Keep the PIN';

// Receipts (docs/behaviour.md "Receipts")
export const AUTO_PRINT_SWITCH: SwitchTexts = {
  title: 'Receipts',
  label: 'Print receipts automatically',
  note: 'When a sale is paid on this screen, its receipt opens in the print dialog, once per sale.',
  saveFailed: 'Could not save the receipt setting. Try again.',
};
export const FOREIGN_ECASH_SWITCH: SwitchTexts = {
  title: 'Ecash from other mints',
  label: 'Accept ecash from other mints',
  note: 'Ecash from a mint other than yours is paid into your mint over Lightning. That mint charges fees, shown before the sale is taken; the sale counts what arrives.',
  saveFailed: 'Could not save the ecash setting',
};
