// The `settings` part of the app data backup (core/backup/app-data.ts): shop name, display
// currency and price source, automatic cash-out, accepted mints, automatic receipt printing,
// ecash from other mints, tips, unpaired cashier links, sales on mints that cannot lock, the
// books settings (address, tax number, tax rules), the language
// (docs/decisions/0055-languages-with-lingui.md) and the staff list, personal PINs as scrypt
// hashes only (docs/decisions/0066-staff-roles-and-shifts.md), the till unit (decision 0067) and
// the offline ecash caps (decision 0068) and the cash sales switch. Never
// the PIN or the pairing secret (docs/security.md, "What is published for a restore"). Each field
// is checked on restore as the Settings form checks it; a field that fails is left as it is on
// this device.
import { isLocale, type Locale } from '../i18n/locales';
import { booksSettingsFrom, type BooksSettings } from '../settings/books-settings';
import { checkPriceSettings, type PriceSettings } from '../prices/price-service';
import { cleanShopName, shopNameProblem } from '../settings/shop-name';
import { staffListFrom, type StaffMember } from '../staff/staff';
import { usableMintUrl } from '../urls/normalise-url';
import type { AutoCashOutSettings } from '../wallet/cash-out/auto-cash-out';
import { autoCashOutProblem, cleanUnitThresholds } from '../wallet/cash-out/auto-cash-out-check';
import type { TillUnitStore } from '../settings/till-unit';
import { isUnit, type Unit } from '../units/unit';
import { capsFromText, type OfflineCaps } from '../wallet/ecash/offline/offline-caps';
import type { AppDataPart } from './app-data';

export interface SettingsBackup {
  shopName: string;
  prices: PriceSettings;
  autoCashOut: AutoCashOutSettings;
  acceptedMints: string[];
  /** Print receipts automatically; absent in backups written before it existed */
  autoPrint?: boolean;
  /** "Accept ecash from other mints" (absent in backups made before it existed) */
  acceptForeignEcash?: boolean;
  /** Tips on the checkout (Items screen); absent in backups made before it was backed up */
  tips?: boolean;
  /** "Accept payments from unpaired cashier links"; absent before it was backed up */
  acceptUnpaired?: boolean;
  /** "Accept sales on mints that cannot lock quotes"; absent before it was backed up */
  acceptUnlocked?: boolean;
  /** The language chosen in Settings, null: the browser's; absent before it was backed up */
  language?: Locale | null;
  /** Address, tax number, tax and discount rules (decision 0064); absent before they existed */
  books?: BooksSettings;
  /** The staff list (names, roles, personal PIN hashes); absent before it was backed up */
  staff?: StaffMember[];
  /** The unit the till charges in (decision 0067); absent before it existed: sats */
  tillUnit?: Unit;
  /** Ecash taken offline, on or off, and its caps (decision 0068); absent before it was backed up */
  offlineCaps?: OfflineCaps;
  /** "Record cash sales at the till" (decision 0066); absent before it was backed up */
  cashSales?: boolean;
}

/** An on/off setting as the store keeps it. */
export interface SwitchSetting {
  get(): Promise<boolean>;
  set(on: boolean): Promise<void>;
}

export interface SettingsPartDeps {
  shopName: { get(): Promise<string>; set(name: string): Promise<void> };
  prices: { get(): Promise<PriceSettings>; set(settings: PriceSettings): Promise<void> };
  autoCashOut: {
    get(): Promise<AutoCashOutSettings>;
    set(settings: AutoCashOutSettings): Promise<void>;
  };
  acceptedMints: { get(): Promise<string[]>; add(mints: string[]): Promise<void> };
  autoPrint?: SwitchSetting;
  foreignEcash?: SwitchSetting;
  tips?: SwitchSetting;
  unpaired?: SwitchSetting;
  unlocked?: SwitchSetting;
  cashSales?: SwitchSetting;
  /** The stored choice (core/i18n/language-store.ts): a row the app may not speak reads as null. */
  language?: { get(): Promise<string | null>; set(choice: Locale | null): Promise<void> };
  books?: { get(): Promise<BooksSettings>; set(settings: BooksSettings): Promise<void> };
  staff?: { list(): Promise<StaffMember[]>; save(list: readonly StaffMember[]): Promise<void> };
  tillUnit?: TillUnitStore;
  offlineCaps?: { get(): Promise<OfflineCaps>; set(caps: OfflineCaps): Promise<void> };
}

/** The switches of the part: the backup's field, and where the device keeps it. */
const SWITCHES = [
  ['autoPrint', 'autoPrint'],
  ['acceptForeignEcash', 'foreignEcash'],
  ['tips', 'tips'],
  ['acceptUnpaired', 'unpaired'],
  ['acceptUnlocked', 'unlocked'],
  ['cashSales', 'cashSales'],
] as const satisfies readonly (readonly [keyof SettingsBackup, keyof SettingsPartDeps])[];

type Loose = Partial<Record<keyof SettingsBackup, unknown>>;

/** The automatic cash-out of a backup, if the Settings form would save it as it is. */
function autoCashOutFrom(value: unknown): AutoCashOutSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.enabled !== 'boolean' || typeof v.address !== 'string') return undefined;
  if (typeof v.threshold !== 'number' || !Number.isSafeInteger(v.threshold) || v.threshold < 0) {
    return undefined;
  }
  const fee = v.feeLimit as Record<string, unknown> | undefined;
  if (fee !== undefined && (typeof fee !== 'object' || fee === null)) return undefined;
  if (fee && (typeof fee.percent !== 'number' || typeof fee.sats !== 'number')) return undefined;
  const settings: AutoCashOutSettings = {
    enabled: v.enabled,
    address: v.address.trim(),
    threshold: v.threshold,
    ...(fee ? { feeLimit: { percent: fee.percent as number, sats: fee.sats as number } } : {}),
  };
  // Decision 0090: each fiat unit's own threshold comes back with the rest.
  const unitThresholds = cleanUnitThresholds(v.unitThresholds);
  if (unitThresholds) settings.unitThresholds = unitThresholds;
  return autoCashOutProblem(settings) ? undefined : settings;
}

/** The offline caps of a backup, if the Settings form would save them as they are. */
function offlineCapsFrom(value: unknown): OfflineCaps | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.enabled !== 'boolean') return undefined;
  const text = (n: unknown) => (typeof n === 'number' ? String(n) : '');
  const checked = capsFromText(v.enabled, {
    perSale: text(v.perSale),
    perDay: text(v.perDay),
    outstanding: text(v.outstanding),
  });
  return 'caps' in checked ? checked.caps : undefined;
}

/** The switches this device has, as the backup names them. */
async function switchesOf(deps: SettingsPartDeps): Promise<Partial<SettingsBackup>> {
  const out: Partial<Record<(typeof SWITCHES)[number][0], boolean>> = {};
  for (const [field, store] of SWITCHES) {
    const setting = deps[store];
    if (setting) out[field] = await setting.get();
  }
  return out;
}

/** The language as the backup names it; nothing on a device that does not keep one. */
async function languageOf(deps: SettingsPartDeps): Promise<Partial<SettingsBackup>> {
  if (!deps.language) return {};
  const stored = await deps.language.get();
  return { language: isLocale(stored) ? stored : null };
}

export function settingsPart(deps: SettingsPartDeps): AppDataPart<SettingsBackup> {
  return {
    name: 'settings',
    collect: async () => ({
      shopName: await deps.shopName.get(),
      prices: await deps.prices.get(),
      autoCashOut: await deps.autoCashOut.get(),
      acceptedMints: await deps.acceptedMints.get(),
      ...(await switchesOf(deps)),
      ...(await languageOf(deps)),
      ...(deps.books ? { books: await deps.books.get() } : {}),
      ...(deps.staff ? { staff: await deps.staff.list() } : {}),
      ...(deps.tillUnit ? { tillUnit: await deps.tillUnit.getTillUnit() } : {}),
      ...(deps.offlineCaps ? { offlineCaps: await deps.offlineCaps.get() } : {}),
    }),
    apply: async (value) => {
      if (typeof value !== 'object' || value === null) return;
      const v = value as Loose;
      if (typeof v.shopName === 'string' && shopNameProblem(v.shopName) === undefined) {
        await deps.shopName.set(cleanShopName(v.shopName));
      }
      if (typeof v.prices === 'object' && v.prices !== null) {
        try {
          await deps.prices.set(checkPriceSettings(v.prices as PriceSettings));
        } catch {
          // not a valid price setting: the device keeps its own
        }
      }
      const auto = autoCashOutFrom(v.autoCashOut);
      if (auto) await deps.autoCashOut.set(auto);
      if (Array.isArray(v.acceptedMints)) {
        const mints = v.acceptedMints
          .map((mint) => usableMintUrl(mint))
          .filter((mint): mint is string => mint !== undefined)
          .slice(0, 50);
        if (mints.length > 0) await deps.acceptedMints.add(mints);
      }
      for (const [field, store] of SWITCHES) {
        const on = v[field];
        if (typeof on === 'boolean') await deps[store]?.set(on);
      }
      // null is a choice too (the browser's); a language this version does not speak is not.
      if (v.language === null || isLocale(v.language)) await deps.language?.set(v.language);
      // Each sound field is taken; the others fall back to the defaults, as a stored row reads.
      if (typeof v.books === 'object' && v.books !== null) {
        await deps.books?.set(booksSettingsFrom(v.books));
      }
      // The list is taken whole, each member checked as Settings checks it; none: kept as it is.
      if (Array.isArray(v.staff)) await deps.staff?.save(staffListFrom(v.staff));
      // A unit this version does not know is not taken: the device keeps charging as it did.
      if (isUnit(v.tillUnit)) await deps.tillUnit?.setTillUnit(v.tillUnit);
      const caps = offlineCapsFrom(v.offlineCaps);
      if (caps) await deps.offlineCaps?.set(caps);
    },
  };
}
