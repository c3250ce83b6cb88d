// A price service for Settings tests: fixed settings and table, and a record of what was saved.
import type { PriceService, PriceSettings } from '../../core/prices/price-service';

export type PriceSettingsPart = Pick<
  PriceService,
  'settings' | 'saveSettings' | 'currencies' | 'refresh' | 'acceptNewPrice'
>;

export function fixedPriceSettings(prices: Record<string, number> = { EUR: 90_000, USD: 100_000 }) {
  const saved: PriceSettings[] = [];
  const service: PriceSettingsPart = {
    settings: async () => ({ currency: null, url: 'https://prices.example/v1' }),
    currencies: async () => Object.keys(prices).sort(),
    saveSettings: async (settings) => void saved.push(settings),
    refresh: async (url) => ({ url: url ?? '', fetchedAt: 0, time: 0, prices }),
    acceptNewPrice: async () => true,
  };
  return { service, saved };
}
