// The parts of the app data backup on this device's stores (core/backup): the settings a merchant
// expects back, then the item catalog (docs/protocol.md "App data backup").
import type { AppDataPart } from '../../core/backup/app-data';
import { itemsPart } from '../../core/backup/items-part';
import { settingsPart } from '../../core/backup/settings-part';
import type { Storage as CashewStorage } from '../../storage';

export function appDataParts(storage: CashewStorage): AppDataPart[] {
  const { config, merchantTrust } = storage;
  return [
    settingsPart({
      shopName: { get: () => config.getShopName(), set: (name) => config.setShopName(name) },
      prices: {
        get: () => storage.prices.getSettings(),
        set: (settings) => storage.prices.saveSettings(settings),
      },
      autoCashOut: storage.autoCashOut,
      acceptedMints: {
        get: () => merchantTrust.acceptedMints(),
        add: (mints) => merchantTrust.addAcceptedMints(mints),
      },
      autoPrint: {
        get: () => storage.receiptPrint.autoPrint(),
        set: (on) => storage.receiptPrint.setAutoPrint(on),
      },
      foreignEcash: {
        get: () => storage.foreignEcash.acceptsOtherMints(),
        set: (accept) => storage.foreignEcash.setAcceptsOtherMints(accept),
      },
      tips: {
        get: async () => (await storage.tips.get()).enabled,
        set: (enabled) => storage.tips.set({ enabled }),
      },
      unpaired: {
        get: () => merchantTrust.acceptsUnpaired(),
        set: (accept) => merchantTrust.setAcceptsUnpaired(accept),
      },
      unlocked: {
        get: () => merchantTrust.acceptsUnlocked(),
        set: (accept) => merchantTrust.setAcceptsUnlocked(accept),
      },
      cashSales: {
        get: () => storage.staff.recordsCash(),
        set: (on) => storage.staff.setRecordsCash(on),
      },
      books: storage.books,
      language: {
        get: () => storage.language.language(),
        set: (choice) => storage.language.setLanguage(choice),
      },
      staff: storage.staff,
      tillUnit: storage.tillUnit,
      offlineCaps: storage.offlineCaps,
    }),
    itemsPart(storage.items),
  ];
}
