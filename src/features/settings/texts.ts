// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
export const SETTINGS_SAVED = 'Settings saved. New mint and relays will be used going forward.';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOADING_SETTINGS = 'Loading settings...';
export const NO_PHRASE_TEXT = 'No recovery phrase is stored on this device.';
export const UNPAIRED_TITLE = 'Remote cashiers';
export const UNPAIRED_LABEL = 'Accept payments from unpaired cashier links';
export const UNPAIRED_NOTE =
  'Off: only cashier links made on the Connect screen (with their pairing secret) can send payments here. On: anyone who knows your npub can, as older links did.';
export const UNPAIRED_SAVE_FAILED = 'Could not save the remote cashier setting';
