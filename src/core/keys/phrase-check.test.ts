// The recovery phrase check: positions drawn, typed words compared, when the reminder is due.
import { describe, expect, it } from 'vitest';
import { cryptoRandomBelow, pickWordPositions, reminderDue, wordsMatch } from './phrase-check';

const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

describe('pickWordPositions', () => {
  it('draws three distinct positions of twelve, ascending', () => {
    for (let run = 0; run < 50; run++) {
      const picked = pickWordPositions(12, cryptoRandomBelow);
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      expect(picked.every((p) => p >= 0 && p < 12)).toBe(true);
      expect([...picked].sort((a, b) => a - b)).toEqual(picked);
    }
  });

  it('follows the random source it is given', () => {
    expect(pickWordPositions(12, () => 0)).toEqual([0, 1, 2]);
    expect(pickWordPositions(12, (below) => below - 1)).toEqual([9, 10, 11]);
  });
});

describe('wordsMatch', () => {
  it('accepts the right words whatever their case and spaces', () => {
    expect(wordsMatch(PHRASE, [0, 4, 11], ['legal', ' WAVE ', 'Yellow'])).toBe(true);
  });

  it('refuses a wrong, missing or misplaced word', () => {
    expect(wordsMatch(PHRASE, [0, 4, 11], ['legal', 'wave', 'thank'])).toBe(false);
    expect(wordsMatch(PHRASE, [0, 4, 11], ['legal', 'wave'])).toBe(false);
    expect(wordsMatch(PHRASE, [0, 4, 11], ['wave', 'legal', 'yellow'])).toBe(false);
    expect(wordsMatch(PHRASE, [], [])).toBe(false);
  });
});

describe('reminderDue', () => {
  const base = { hasPhrase: true, confirmed: false, hiddenUntil: 0, now: 1000 };
  it('is due for an unchecked phrase, and not while put off, once checked or without a phrase', () => {
    expect(reminderDue(base)).toBe(true);
    expect(reminderDue({ ...base, hiddenUntil: 1001 })).toBe(false);
    expect(reminderDue({ ...base, hiddenUntil: 1000 })).toBe(true);
    expect(reminderDue({ ...base, confirmed: true })).toBe(false);
    expect(reminderDue({ ...base, hasPhrase: false })).toBe(false);
  });
});
