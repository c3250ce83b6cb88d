// Keypad amount rules (docs/behaviour.md "Point of sale", the keypad): a pure reducer over the
// digit string.

export type KeypadAction =
  { type: 'digit'; digit: string } | { type: 'backspace' } | { type: 'clear' };

export const INITIAL_AMOUNT = '0';

const DIGIT = /^[0-9]$/;

/** Next digit string; never empty, never a leading zero, never above Number.MAX_SAFE_INTEGER. */
export function keypadAmountReducer(amount: string, action: KeypadAction): string {
  switch (action.type) {
    case 'digit': {
      if (!DIGIT.test(action.digit)) return amount;
      const next = amount === '0' ? action.digit : amount + action.digit;
      // The product sets no maximum length, but past this the sats value would silently lose
      // precision.
      return Number(next) > Number.MAX_SAFE_INTEGER ? amount : next;
    }
    case 'backspace':
      return amount.length <= 1 ? INITIAL_AMOUNT : amount.slice(0, -1);
    case 'clear':
      return INITIAL_AMOUNT;
  }
}

/** The integer the digit string stands for. */
export function parseKeypadAmount(amount: string): number {
  return Number.parseInt(amount, 10) || 0;
}
