// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
export const SETTINGS_SAVED = 'Settings saved. New mint and relays will be used going forward.';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOADING_SETTINGS = 'Loading settings...';
export const NO_PHRASE_TEXT = 'No recovery phrase is stored on this device.';
