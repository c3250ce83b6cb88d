// The cashier's page says why its mint made no invoice: unreachable, or its refusal by NUT code
// with the mint's own words kept, in English and in Spanish; anything else is left to the caller.
import { describe, expect, it } from 'vitest';
import { MintRefusedError, MintUnreachableError, ValidationError } from '../../core/errors';
import { NutCode } from '../../core/wallet/mint-errors';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import * as REFUSALS from '../../ui/locales/mint-refusal/es.json';
import { mintFailureText } from './cashier-mint-failure';
import * as REMOTE from './locales/remote/es.json';

const down = new MintUnreachableError('fetch failed');
const refused = new MintRefusedError('Minting is disabled', 20003);

describe("the cashier's mint failure", () => {
  it('says in English that the mint was not reached, or how it refused', () => {
    expect(mintFailureText(down, englishText)).toBe(
      '❌ The mint could not be reached, so no invoice is shown. Check the connection and try again.',
    );
    const text = mintFailureText(refused, englishText)!;
    expect(text).toMatch(
      /^❌ The mint refused: .*\(Minting is disabled\)\.? No invoice is shown\.$/,
    );
    expect(mintFailureText(new ValidationError('other'), englishText)).toBeNull();
  });

  it('says both in Spanish, the mint’s own words kept', () => {
    const { t } = spanishTexts(REMOTE, REFUSALS);
    expect(mintFailureText(down, t)).toMatch(/^❌ No se pudo contactar el mint/);
    const spent = new MintRefusedError('Token already spent', NutCode.proofsAlreadySpent);
    const text = mintFailureText(spent, t)!;
    expect(text).toContain('(Token already spent)');
    expect(text).toContain('No se muestra ninguna factura.');
    expect(text).not.toMatch(/The mint refused|No invoice/);
  });
});
