// Why a withdrawal or a refund token was not made, in the chosen language: a mint's refusal by its
// NUT code with the mint's own text, core's key and values, or a fixed English message found in
// the catalog by its English; anything else as core wrote it (docs/decisions/0063-texts-from-domain-values.md).
import { CashewError, type ErrorText } from '../../core/errors';
import type { Formats, Translate } from '../../ui/i18n';
import { coreWords } from '../../ui/core-words';
import { mintRefusalText } from '../../ui/mint-refusal';
import * as TEXTS from './locales/withdraw-errors/en.json';

const ourWords = coreWords(TEXTS);

/** A withdrawal's refusal as core returns it (WithdrawError, a failed cancel). */
export interface WithdrawRefusal {
  readonly error: string;
  readonly text?: ErrorText;
  readonly cause?: unknown;
}

export function withdrawErrorText(
  t: Translate,
  formats: Pick<Formats, 'sats'>,
  refusal: WithdrawRefusal,
): string {
  const { error, text, cause } = refusal;
  const said = text ? { message: error, text } : cause instanceof CashewError ? cause : error;
  return mintRefusalText(t, cause) ?? ourWords(t, formats, said);
}
