// What another (untrusted) mint says about a melt quote, checked before a sat of it is believed
// (docs/protocol.md "Ecash from other mints").
import { toMintQuoteSnapshot } from '../../mint/mint-quote-snapshot';

export type ForeignMeltState = 'UNPAID' | 'PENDING' | 'PAID';

export interface ForeignMeltQuote {
  quote: string;
  amount: number;
  feeReserve: number;
  state: ForeignMeltState;
}

/** The other mint's reply is unusable: treated as no answer, so nothing is concluded from it. */
export class UnusableReplyError extends Error {}

const STATES: readonly string[] = ['UNPAID', 'PENDING', 'PAID'];

function sats(value: unknown): number | undefined {
  // Amount objects, numbers and numeric strings read as the mint-quote reader reads them.
  const read = toMintQuoteSnapshot({ amount: value }).amount;
  return read !== undefined && Number.isSafeInteger(read) && read >= 0 ? read : undefined;
}

/**
 * A melt quote reply (NUT-05) for an invoice of `amount` sats: its id, amount, unit and fee reserve
 * must be there and add up; `expectQuote` (when known) must be the quote asked about.
 */
export function readForeignMeltQuote(
  raw: unknown,
  amount: number,
  expectQuote?: string,
): ForeignMeltQuote {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const quote = r.quote;
  if (typeof quote !== 'string' || quote === '' || quote.length > 200) {
    throw new UnusableReplyError('The other mint sent a melt quote without an id');
  }
  if (expectQuote !== undefined && quote !== expectQuote) {
    throw new UnusableReplyError('The other mint answered about another melt quote');
  }
  if (r.unit !== undefined && r.unit !== 'sat') {
    throw new UnusableReplyError('The other mint quoted in another unit');
  }
  const quoted = sats(r.amount);
  if (quoted !== amount) {
    throw new UnusableReplyError(
      `The other mint's quote does not add up: ${String(quoted)} sats for an invoice of ${amount}`,
    );
  }
  const feeReserve = sats(r.fee_reserve);
  if (feeReserve === undefined) {
    throw new UnusableReplyError('The other mint sent no usable fee reserve');
  }
  let state: ForeignMeltState;
  if (typeof r.state === 'string' && STATES.includes(r.state)) state = r.state as ForeignMeltState;
  else if (r.state === undefined && typeof r.paid === 'boolean') state = r.paid ? 'PAID' : 'UNPAID';
  else throw new UnusableReplyError('The other mint sent no usable melt state');
  return { quote, amount: quoted, feeReserve, state };
}
