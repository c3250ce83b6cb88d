// Test helper: the settings part of the app data backup over settings kept in memory, every
// field of SettingsBackup stored as it is given.
import type { PriceSettings } from '../../core/prices/price-service';
import { settingsPart, type SettingsBackup } from '../../core/backup/settings-part';
import type { AutoCashOutSettings } from '../../core/wallet/cash-out/auto-cash-out';
import { DEFAULT_BOOKS_SETTINGS } from '../../core/settings/books-settings';
import { DEFAULT_OFFLINE_CAPS } from '../../core/wallet/ecash/offline/offline-caps';

export type AllSettings = Required<SettingsBackup>;

type Switch =
  'autoPrint' | 'acceptForeignEcash' | 'tips' | 'acceptUnpaired' | 'acceptUnlocked' | 'cashSales';

/** A fresh device's settings: every switch off, sats only, no shop name. */
export const BLANK_SETTINGS: AllSettings = {
  shopName: '',
  prices: { currency: null, url: 'https://prices.example/v1' },
  autoCashOut: { enabled: false, address: '', threshold: 0 },
  acceptedMints: [],
  autoPrint: false,
  acceptForeignEcash: false,
  tips: false,
  acceptUnpaired: false,
  acceptUnlocked: false,
  language: null,
  books: DEFAULT_BOOKS_SETTINGS,
  staff: [],
  tillUnit: 'sat',
  offlineCaps: DEFAULT_OFFLINE_CAPS,
  cashSales: false,
};

/** A device's settings (`state`, a copy of `initial`) and the part that backs them up. */
export function memorySettings(initial: AllSettings) {
  const s = structuredClone(initial);
  const flag = (field: Switch) => ({
    get: async () => s[field],
    set: async (on: boolean) => void (s[field] = on),
  });
  const part = settingsPart({
    shopName: { get: async () => s.shopName, set: async (v) => void (s.shopName = v) },
    prices: { get: async () => s.prices, set: async (v: PriceSettings) => void (s.prices = v) },
    autoCashOut: {
      get: async () => s.autoCashOut,
      set: async (v: AutoCashOutSettings) => void (s.autoCashOut = v),
    },
    acceptedMints: {
      get: async () => s.acceptedMints,
      add: async (v) => void (s.acceptedMints = [...new Set([...s.acceptedMints, ...v])]),
    },
    autoPrint: flag('autoPrint'),
    foreignEcash: flag('acceptForeignEcash'),
    tips: flag('tips'),
    unpaired: flag('acceptUnpaired'),
    unlocked: flag('acceptUnlocked'),
    cashSales: flag('cashSales'),
    language: { get: async () => s.language, set: async (v) => void (s.language = v) },
    books: { get: async () => s.books, set: async (v) => void (s.books = v) },
    staff: { list: async () => s.staff, save: async (v) => void (s.staff = [...v]) },
    tillUnit: {
      getTillUnit: async () => s.tillUnit,
      setTillUnit: async (v) => void (s.tillUnit = v),
    },
    offlineCaps: { get: async () => s.offlineCaps, set: async (v) => void (s.offlineCaps = v) },
  });
  return { state: s, part };
}
