// Unit tests for the keypad amount reducer (docs/behaviour.md "Point of sale").
import { describe, expect, it } from 'vitest';
import {
  INITIAL_AMOUNT,
  keypadAmountReducer,
  parseKeypadAmount,
  type KeypadAction,
} from './keypad-amount';

const press = (...actions: KeypadAction[]): string =>
  actions.reduce(keypadAmountReducer, INITIAL_AMOUNT);
const d = (digit: string): KeypadAction => ({ type: 'digit', digit });
const backspace: KeypadAction = { type: 'backspace' };
const clear: KeypadAction = { type: 'clear' };

describe('keypad amount', () => {
  it('starts at 0', () => {
    expect(INITIAL_AMOUNT).toBe('0');
    expect(press()).toBe('0');
  });

  it('replaces a lone zero with the first digit', () => {
    expect(press(d('7'))).toBe('7');
  });

  it('keeps a single 0 when zero is typed on a lone zero', () => {
    expect(press(d('0'), d('0'))).toBe('0');
  });

  it('appends digits after the first non-zero digit, zeros included', () => {
    expect(press(d('1'), d('0'), d('0'), d('5'))).toBe('1005');
  });

  it('ignores anything that is not a single digit', () => {
    expect(press(d('1'), d('a'), d('12'), d(''), d('-'))).toBe('1');
  });

  it('backspace removes the last digit', () => {
    expect(press(d('1'), d('2'), d('3'), backspace)).toBe('12');
  });

  it('backspace on one digit returns to 0', () => {
    expect(press(d('9'), backspace)).toBe('0');
  });

  it('backspace on 0 stays 0', () => {
    expect(press(backspace, backspace)).toBe('0');
  });

  it('clear resets to 0 from any amount', () => {
    expect(press(d('4'), d('2'), clear)).toBe('0');
    expect(press(clear)).toBe('0');
  });

  it('has no maximum length up to Number.MAX_SAFE_INTEGER', () => {
    const digits = String(Number.MAX_SAFE_INTEGER).split('').map(d);
    expect(press(...digits)).toBe(String(Number.MAX_SAFE_INTEGER));
  });

  it('ignores a digit that would push the amount above Number.MAX_SAFE_INTEGER', () => {
    const max = String(Number.MAX_SAFE_INTEGER); // 9007199254740991
    expect(press(...max.split('').map(d), d('0'))).toBe(max);
    // 900719925474099 + '2' = 2^53, one above the maximum: ignored, later digits still count
    const prefix = max.slice(0, -1).split('').map(d);
    expect(press(...prefix, d('2'))).toBe('900719925474099');
    expect(press(...prefix, d('2'), d('1'))).toBe('9007199254740991');
  });

  it('keeps typing possible after an ignored digit via backspace', () => {
    const max = String(Number.MAX_SAFE_INTEGER);
    expect(press(...max.split('').map(d), d('5'), backspace, d('0'))).toBe(max.slice(0, -1) + '0');
  });

  it('parses the digit string to an integer', () => {
    expect(parseKeypadAmount('0')).toBe(0);
    expect(parseKeypadAmount('2100')).toBe(2100);
    expect(parseKeypadAmount(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });
});
