// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
export const SETTINGS_SAVED = 'Settings saved. New mint and relays will be used going forward.';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOADING_SETTINGS = 'Loading settings...';
export const NO_PHRASE_TEXT = 'No recovery phrase is stored on this device.';

// Merchant PIN (docs/behaviour.md "Merchant PIN").
export const PIN_SECTION_TITLE = 'Merchant PIN';
export const PIN_SECTION_TEXT =
  'A PIN keeps withdrawals, cash-outs, the recovery phrase, the Connect link and these settings from anyone at the counter, and stores the wallet’s secrets encrypted on this device. The keypad and taking payments never ask for it.';
export const PIN_IS_SET = 'A PIN is set. The app asks for it once when it starts.';
export const SET_PIN = 'Set PIN';
export const CHANGE_PIN = 'Change PIN';
export const REMOVE_PIN = 'Remove PIN';
export const SAVE_PIN = 'Save PIN';
export const CANCEL = 'Cancel';
export const PIN_SET_TOAST = 'PIN set. The wallet’s secrets are now stored encrypted.';
export const PIN_CHANGED_TOAST = 'PIN changed.';
export const PIN_REMOVED_TOAST = 'PIN removed. The wallet’s secrets are stored unencrypted again.';
