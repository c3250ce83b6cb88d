// Tests for the prices' factory: the price service on the stored settings.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { closedAfterEach } from '../../testing/storage/db';
import { createPriceServices } from './price-services';

const storages = closedAfterEach();

describe('createPriceServices', () => {
  it('reads and writes the currency through the storage it is given', async () => {
    const storage = storages.open();
    const { prices } = createPriceServices({ storage, clock: () => 1, logger: silentLogger });
    const settings = await prices.settings();
    await prices.saveSettings({ ...settings, currency: 'CHF' });
    expect((await storage.prices.getSettings()).currency).toBe('CHF');
  });
});
