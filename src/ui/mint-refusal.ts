// A mint's refusal in the chosen language: the NUT error code in our words, the mint's own text
// kept beside them as it said it (docs/decisions/0063-texts-from-domain-values.md).
import { MintRefusedError } from '../core/errors';
import { matchedCode, NutCode } from '../core/wallet/nut-codes';
import type { Translate } from './i18n';
import * as TEXTS from './locales/mint-refusal/en.json';

/** Codes of the older NUT table (refusalCode maps the current one to it), as our words. */
const BY_CODE: Readonly<Record<number, string>> = {
  [NutCode.proofsAlreadySpent]: TEXTS.MINT_REFUSED_SPENT,
  [NutCode.outputsAlreadySigned]: TEXTS.MINT_REFUSED_SIGNED,
  [NutCode.keysetUnknown]: TEXTS.MINT_REFUSED_KEYSET,
  [NutCode.keysetInactive]: TEXTS.MINT_REFUSED_KEYSET,
  11006: TEXTS.MINT_REFUSED_LIMIT,
  [NutCode.quoteNotPaid]: TEXTS.MINT_REFUSED_UNPAID,
  [NutCode.quoteAlreadyIssued]: TEXTS.MINT_REFUSED_ISSUED,
  20003: TEXTS.MINT_REFUSED_DISABLED,
  20006: TEXTS.MINT_REFUSED_INVOICE_PAID,
  [NutCode.quoteExpired]: TEXTS.MINT_REFUSED_EXPIRED,
};

/** The refusal's sentence, or undefined when `error` is not a mint's refusal. */
export function mintRefusalText(t: Translate, error: unknown): string | undefined {
  if (!(error instanceof MintRefusedError)) return undefined;
  // refusalCode's reading of our own refusal, without cashu-ts (core/wallet/nut-codes.ts).
  const code = error.code === undefined ? undefined : matchedCode(error.code);
  const text = (code === undefined ? undefined : BY_CODE[code]) ?? TEXTS.MINT_REFUSED_OTHER;
  return t(text, { detail: error.message });
}
