// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
import { formatNumber } from '../../ui/format-sats';
/** The Shop group's one save: the name and the prices together. */
export const SHOP_SAVE = 'Save shop settings';
export const shopSaved = (nameChanged: boolean) =>
  nameChanged
    ? 'Shop settings saved. Cashiers see the new name once they open the new connection link.'
    : 'Shop settings saved.';
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
export const removeMintLabel = (mintUrl: string) => `Remove ${mintUrl}`;
export const refusedUnpaired = (n: number) => `From links without the pairing secret: ${n}`;
export const refusedMint = (n: number) => `On a mint you do not accept: ${n}`;
export const refusedUnlocked = (n: number) => `Not locked to this wallet: ${n}`;

/** Under Recover funds while the relays have not taken these parts of the backup. */
export const backupUnsaved = (parts: readonly string[]) =>
  `Not backed up on your relays yet: ${parts.map((part) => part.replace(/[-/]/g, ' ')).join(', ')}. Trying again.`;

// Display currency and price source (docs/behaviour.md "Prices in the merchant's currency").
export const PRICE_TITLE = 'Prices';
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
export const mintChangeWarning = (sats: string, oldMint: string) =>
  `${sats} stay on ${oldMint}: changing the mint does not move them. They stay in your balance and are listed under "Balance per mint" on the Wallet screen, where you can withdraw them.`;

// Merchant PIN (docs/behaviour.md "Merchant PIN").
export const PIN_SECTION_TITLE = 'Merchant PIN';

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

// Backups of sales taken while locked that no relay took yet (docs/behaviour.md "Settings").
export const lockedBackupsPending = (n: number) =>
  n === 1
    ? 'A sale taken while locked is not backed up on your relays yet. It is sent again until a relay takes it.'
    : `${formatNumber(n)} sales taken while locked are not backed up on your relays yet. They are sent again until a relay takes them.`;
