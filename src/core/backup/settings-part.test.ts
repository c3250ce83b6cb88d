// The settings part without a relay: each field the backup carries is collected, and a restore
// takes it only when it passes the check the Settings form makes; anything else leaves the device's.
import { describe, expect, it } from 'vitest';
import {
  BLANK_SETTINGS,
  memorySettings,
  type AllSettings,
} from '../../testing/backup/memory-settings';

const DEVICE: AllSettings = { ...BLANK_SETTINGS, shopName: 'Till' };

const device = () => memorySettings(DEVICE);

describe('the settings part', () => {
  it('collects tips and both cashier switches beside the other settings', async () => {
    const d = device();
    Object.assign(d.state, { tips: true, acceptUnpaired: true, acceptUnlocked: true });
    expect(await d.part.collect()).toEqual({
      ...DEVICE,
      tips: true,
      acceptUnpaired: true,
      acceptUnlocked: true,
    });
  });

  it.each(['tips', 'acceptUnpaired', 'acceptUnlocked', 'cashSales'] as const)(
    'restores %s when it is on or off, and leaves the device’s for anything else',
    async (field) => {
      const d = device();
      await d.part.apply({ [field]: true });
      expect(d.state[field]).toBe(true);
      await d.part.apply({ [field]: 'false' });
      expect(d.state[field]).toBe(true);
      await d.part.apply({ [field]: false });
      expect(d.state[field]).toBe(false);
      // A backup made before the field was backed up says nothing of it.
      d.state[field] = true;
      await d.part.apply({ shopName: 'Corner' });
      expect(d.state[field]).toBe(true);
    },
  );

  // The language and the till unit: a value this version knows, and one it does not.
  it.each([
    ['language', 'pt-BR', 'it'],
    ['tillUnit', 'eur', 'msat'],
  ] as const)(
    'backs up %s and restores only a value this version knows',
    async (field, known, unknown) => {
      const d = device();
      Object.assign(d.state, { [field]: known });
      expect(await d.part.collect()).toMatchObject({ [field]: known });

      const other = device();
      await other.part.apply({ [field]: known });
      expect(other.state[field]).toBe(known);
      await other.part.apply({ [field]: unknown });
      expect(other.state[field]).toBe(known);
      // A backup made before the field was backed up leaves the device's choice.
      await other.part.apply({ shopName: 'Corner' });
      expect(other.state[field]).toBe(known);
    },
  );

  it('restores the browser’s language when the backup follows the browser', async () => {
    const other = device();
    await other.part.apply({ language: 'pt-BR' });
    await other.part.apply({ language: null });
    expect(other.state.language).toBeNull();
  });

  it.each([
    ['an address that is not one', { enabled: true, address: 'not an address', threshold: 5000 }],
    ['an invoice for an address', { enabled: true, address: 'lnbc1500n1pj9…', threshold: 5000 }],
    ['a threshold under 2 sats', { enabled: true, address: 'shop@ln.example', threshold: 1 }],
    [
      'a fee limit over 100 %',
      {
        enabled: true,
        address: 'shop@ln.example',
        threshold: 5000,
        feeLimit: { percent: 150, sats: 10 },
      },
    ],
    [
      'a fee limit of part sats',
      { enabled: false, address: '', threshold: 0, feeLimit: { percent: 1, sats: 0.5 } },
    ],
    [
      'a fee limit that is not one',
      { enabled: false, address: '', threshold: 0, feeLimit: 'high' },
    ],
  ])('leaves the device’s automatic cash-out for %s', async (_why, autoCashOut) => {
    const d = device();
    await d.part.apply({ autoCashOut });
    expect(d.state.autoCashOut).toEqual(DEVICE.autoCashOut);
  });

  it('restores an automatic cash-out the form would save, off ones with no address too', async () => {
    const d = device();
    const on = {
      enabled: true,
      address: ' shop@ln.example ',
      threshold: 5000,
      feeLimit: { percent: 2, sats: 20 },
    };
    await d.part.apply({ autoCashOut: on });
    expect(d.state.autoCashOut).toEqual({ ...on, address: 'shop@ln.example' });
    await d.part.apply({ autoCashOut: { enabled: false, address: '', threshold: 0 } });
    expect(d.state.autoCashOut).toEqual({ enabled: false, address: '', threshold: 0 });
  });

  // docs/decisions/0090-automatic-cash-out-per-unit.md
  it('restores the dollar threshold with the rest, and a dollar-only cash-out with no sat one', async () => {
    const d = device();
    const dollars = {
      enabled: true,
      address: 'shop@ln.example',
      threshold: 0,
      unitThresholds: { usd: 2000, msat: 5, eur: -1 },
    };
    await d.part.apply({ autoCashOut: dollars });
    expect(d.state.autoCashOut).toEqual({ ...dollars, unitThresholds: { usd: 2000 } });
  });

  it('backs up the staff list with PIN hashes and restores only members Settings would save', async () => {
    const pin = {
      v: 1 as const,
      salt: 'ab'.repeat(16),
      hash: 'cd'.repeat(32),
      n: 8192,
      r: 10,
      p: 1,
    };
    const d = device();
    d.state.staff = [{ id: 'a', name: 'Ana', role: 'manager', pin }];
    expect(await d.part.collect()).toMatchObject({ staff: [{ name: 'Ana', pin }] });

    const other = device();
    await other.part.apply({
      staff: [
        { id: 'a', name: 'Ana', role: 'manager', pin },
        { id: 'b', name: 'Bo', role: 'owner' },
        { id: 'c', name: 'Cy', role: 'cashier', pin: '1234' },
      ],
    });
    expect(other.state.staff).toEqual([{ id: 'a', name: 'Ana', role: 'manager', pin }]);
    // A backup made before the staff were backed up leaves the device's list.
    await other.part.apply({ shopName: 'Corner' });
    expect(other.state.staff).toHaveLength(1);
  });

  it('backs up the offline ecash caps and restores only caps Settings would save', async () => {
    const d = device();
    const caps = { enabled: false, perSale: 2_000, perDay: 0, outstanding: 30_000 };
    d.state.offlineCaps = caps;
    expect(await d.part.collect()).toMatchObject({ offlineCaps: caps });

    const other = device();
    await other.part.apply({ offlineCaps: caps });
    expect(other.state.offlineCaps).toEqual(caps);
    for (const bad of [
      { ...caps, perSale: -1 },
      { ...caps, perDay: 1.5 },
      { ...caps, outstanding: '500' },
      { ...caps, enabled: 'yes' },
      'caps',
    ]) {
      await other.part.apply({ offlineCaps: bad });
      expect(other.state.offlineCaps).toEqual(caps);
    }
    // A backup made before the caps were backed up leaves the device's.
    await other.part.apply({ shopName: 'Corner' });
    expect(other.state.offlineCaps).toEqual(caps);
  });
});
