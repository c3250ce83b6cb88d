// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
export const SETTINGS_SAVED = 'Settings saved. New mint and relays will be used going forward.';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOADING_SETTINGS = 'Loading settings...';
export const NO_PHRASE_TEXT = 'No recovery phrase is stored on this device.';

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
