import { describe, expect, it } from 'vitest';
import { applyBudgets } from './budgets.mjs';

const budgets = {
  'firstLoad.welcome.cpu4x': {
    floor: 'firstLoad.floor.cpu4x',
    overFloor: 100,
    unit: 'ms',
    stat: 'median',
  },
  'bundle.js': { max: 1000, unit: 'bytes' },
};

describe('budgets', () => {
  it('allows a floor-relative figure its margin above the floor measured in the same run', () => {
    const figures = {
      firstLoad: { floor: { cpu4x: { median: 400 } }, welcome: { cpu4x: { median: 500 } } },
      bundle: { js: 999 },
    };
    const [welcome, bundle] = applyBudgets(figures, budgets);
    expect(welcome).toEqual({
      figure: 'firstLoad.welcome.cpu4x',
      value: 500,
      budget: 'median <= floor (400 ms) + 100 ms',
      floor: 400,
      distanceToFloor: 100,
      pass: true,
    });
    expect(figures.firstLoad.welcome.cpu4x).toMatchObject({ floor: 400, distanceToFloor: 100 });
    expect(bundle).toMatchObject({ value: 999, pass: true });
  });

  it('fails a figure further above the floor than its margin', () => {
    const figures = {
      firstLoad: { floor: { cpu4x: { median: 400 } }, welcome: { cpu4x: { median: 500.1 } } },
    };
    expect(applyBudgets(figures, budgets)[0]).toMatchObject({
      distanceToFloor: 100.1,
      pass: false,
    });
  });

  it('cannot pass a floor-relative figure when the floor was not measured', () => {
    const figures = { firstLoad: { welcome: { cpu4x: { median: 10 } } } };
    expect(applyBudgets(figures, budgets)[0]).toMatchObject({
      value: 10,
      budget: 'median <= floor + 100 ms',
      pass: null,
    });
  });

  it('judges a figure against a multiple of its floor', () => {
    const ratio = {
      'taps.paid': { floor: 'taps.paidFloor', timesFloor: 1.2, unit: 'ms', stat: 'median' },
    };
    const within = { taps: { paidFloor: { median: 50 }, paid: { median: 60 } } };
    expect(applyBudgets(within, ratio)[0]).toMatchObject({
      budget: 'median <= 1.2 x floor (50 ms)',
      floor: 50,
      pass: true,
    });
    const over = { taps: { paidFloor: { median: 50 }, paid: { median: 60.1 } } };
    expect(applyBudgets(over, ratio)[0]).toMatchObject({ pass: false });
  });
});
