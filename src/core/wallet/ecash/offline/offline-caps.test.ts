// The offline caps: each refuses the sale that would pass it, with the sats still left.
import { describe, expect, it } from 'vitest';
import { checkOfflineCaps, DEFAULT_OFFLINE_CAPS, normaliseCaps } from './offline-caps';
import { OfflineRefusedError } from './offline-refusal';

const caps = { enabled: true, perSale: 100, perDay: 250, outstanding: 300 };

function refusal(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof OfflineRefusedError) return error.refusal;
    throw error;
  }
  return null;
}

describe('checkOfflineCaps', () => {
  it('takes a sale within every cap, up to each cap exactly', () => {
    expect(refusal(() => checkOfflineCaps(caps, 100, { today: 150, outstanding: 200 }))).toBeNull();
  });

  it('refuses a sale above the per-sale cap', () => {
    expect(refusal(() => checkOfflineCaps(caps, 101, { today: 0, outstanding: 0 }))).toEqual({
      kind: 'cap-sale',
      cap: 100,
    });
  });

  it("refuses a sale that would pass the day's cap, saying what is left", () => {
    expect(refusal(() => checkOfflineCaps(caps, 60, { today: 200, outstanding: 0 }))).toEqual({
      kind: 'cap-day',
      cap: 250,
      left: 50,
    });
  });

  it('refuses a sale that would pass the outstanding cap', () => {
    expect(refusal(() => checkOfflineCaps(caps, 60, { today: 0, outstanding: 280 }))).toEqual({
      kind: 'cap-outstanding',
      cap: 300,
      left: 20,
    });
  });

  it('refuses everything when offline ecash is off', () => {
    const off = { ...caps, enabled: false };
    expect(refusal(() => checkOfflineCaps(off, 1, { today: 0, outstanding: 0 }))?.kind).toBe('off');
  });

  it('falls back to the defaults for missing or broken caps', () => {
    expect(normaliseCaps(undefined)).toEqual(DEFAULT_OFFLINE_CAPS);
    expect(normaliseCaps({ perSale: -1, perDay: 1.5, outstanding: '9', enabled: 'yes' })).toEqual(
      DEFAULT_OFFLINE_CAPS,
    );
    expect(normaliseCaps({ perSale: 5 }).perSale).toBe(5);
  });
});
