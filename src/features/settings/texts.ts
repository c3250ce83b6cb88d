// The texts of Settings' one-switch cards (docs/behaviour.md "Settings"), catalog texts that
// SettingSwitch translates; every other Settings text is in locales/settings.
import {
  AUTO_PRINT_LABEL,
  AUTO_PRINT_NOTE,
  AUTO_PRINT_SAVE_FAILED,
  AUTO_PRINT_TITLE,
  FOREIGN_ECASH_LABEL,
  FOREIGN_ECASH_NOTE,
  FOREIGN_ECASH_SAVE_FAILED,
  FOREIGN_ECASH_TITLE,
  UNPAIRED_LABEL,
  UNPAIRED_NOTE,
  UNPAIRED_SAVE_FAILED,
  UNPAIRED_TITLE,
} from './locales/settings/en.json';
import type { CatalogText } from '../../ui/i18n';

/** A Settings card with one switch (SettingSwitch). */
export interface SwitchTexts {
  title: CatalogText;
  label: CatalogText;
  note: CatalogText;
  saveFailed: CatalogText;
}

export const UNPAIRED_SWITCH: SwitchTexts = {
  title: UNPAIRED_TITLE,
  label: UNPAIRED_LABEL,
  note: UNPAIRED_NOTE,
  saveFailed: UNPAIRED_SAVE_FAILED,
};

export const AUTO_PRINT_SWITCH: SwitchTexts = {
  title: AUTO_PRINT_TITLE,
  label: AUTO_PRINT_LABEL,
  note: AUTO_PRINT_NOTE,
  saveFailed: AUTO_PRINT_SAVE_FAILED,
};

export const FOREIGN_ECASH_SWITCH: SwitchTexts = {
  title: FOREIGN_ECASH_TITLE,
  label: FOREIGN_ECASH_LABEL,
  note: FOREIGN_ECASH_NOTE,
  saveFailed: FOREIGN_ECASH_SAVE_FAILED,
};
