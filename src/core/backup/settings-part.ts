// The `settings` part of the app data backup (core/backup/app-data.ts): shop name, display
// currency and price source, automatic cash-out, accepted mints, automatic receipt printing,
// ecash from other mints. Never the PIN or the pairing secret (docs/security.md, "What is
// published for a restore"). Each field is checked on restore as the Settings form checks it; a
// field that fails is left as it is on this device.
import { checkPriceSettings, type PriceSettings } from '../prices/price-service';
import { cleanShopName, shopNameProblem } from '../settings/shop-name';
import { usableMintUrl } from '../urls/normalise-url';
import type { AutoCashOutSettings } from '../wallet/cash-out/auto-cash-out';
import { cleanFeeLimit } from '../wallet/cash-out/fee-limit';
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
}

export interface SettingsPartDeps {
  shopName: { get(): Promise<string>; set(name: string): Promise<void> };
  prices: { get(): Promise<PriceSettings>; set(settings: PriceSettings): Promise<void> };
  autoCashOut: {
    get(): Promise<AutoCashOutSettings>;
    set(settings: AutoCashOutSettings): Promise<void>;
  };
  acceptedMints: { get(): Promise<string[]>; add(mints: string[]): Promise<void> };
  autoPrint?: { get(): Promise<boolean>; set(on: boolean): Promise<void> };
  foreignEcash?: { get(): Promise<boolean>; set(accept: boolean): Promise<void> };
}

type Loose = Partial<Record<keyof SettingsBackup, unknown>>;

function autoCashOutFrom(value: unknown): AutoCashOutSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.enabled !== 'boolean' || typeof v.address !== 'string') return undefined;
  if (typeof v.threshold !== 'number' || !Number.isSafeInteger(v.threshold) || v.threshold < 0) {
    return undefined;
  }
  return {
    enabled: v.enabled,
    address: v.address.trim(),
    threshold: v.threshold,
    ...(v.feeLimit ? { feeLimit: cleanFeeLimit(v.feeLimit as never) } : {}),
  };
}

export function settingsPart(deps: SettingsPartDeps): AppDataPart<SettingsBackup> {
  return {
    name: 'settings',
    collect: async () => ({
      shopName: await deps.shopName.get(),
      prices: await deps.prices.get(),
      autoCashOut: await deps.autoCashOut.get(),
      acceptedMints: await deps.acceptedMints.get(),
      ...(deps.autoPrint ? { autoPrint: await deps.autoPrint.get() } : {}),
      ...(deps.foreignEcash ? { acceptForeignEcash: await deps.foreignEcash.get() } : {}),
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
      if (typeof v.autoPrint === 'boolean') await deps.autoPrint?.set(v.autoPrint);
      if (typeof v.acceptForeignEcash === 'boolean') {
        await deps.foreignEcash?.set(v.acceptForeignEcash);
      }
    },
  };
}
