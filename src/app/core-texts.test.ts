// Fixed English messages core writes that a screen says from its catalog instead: the catalog's
// English stays core's, word for word (docs/decisions/0063-texts-from-domain-values.md).
import { describe, expect, it } from 'vitest';
import { WALLET_EXISTS_MESSAGE } from '../core/errors';
import { INVALID_DAY } from '../core/records/day-summary';
import { WALLET_EXISTS_TOAST } from '../features/onboarding/locales/onboarding/en.json';
import { DAY_INVALID } from '../features/wallet/locales/records/en.json';
import { englishText } from '../ui/i18n';

describe("core's fixed messages in the screens' catalogs", () => {
  it('are the same English', () => {
    expect(englishText(DAY_INVALID)).toBe(INVALID_DAY);
    expect(englishText(WALLET_EXISTS_TOAST)).toBe(WALLET_EXISTS_MESSAGE);
  });
});
