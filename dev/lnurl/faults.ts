// Fault switches of the dev LNURL server: answers a wallet must survive (nonsense, errors, silence).
import { FaultRules, parseFaultRule } from '../shared/fault-rules.ts';
import type { FaultRule } from '../shared/fault-rules.ts';

export const LNURL_FAULTS = [
  'malformedJson',
  'wrongTag',
  'missingCallback',
  'error',
  'error500',
  'hang',
  'wrongAmount',
  'notAnInvoice',
  'wrongDescriptionHash',
  'redirectOtherHost',
] as const;
export type LnurlFaultAction = (typeof LNURL_FAULTS)[number];

export type LnurlFaultRule = FaultRule<LnurlFaultAction> & {
  /** Which request: the address document, the invoice callback, or both (default). */
  target: 'payRequest' | 'callback' | '*';
};

export function parseLnurlFault(value: unknown): LnurlFaultRule | Error {
  const parsed = parseFaultRule(value, LNURL_FAULTS);
  if (parsed instanceof Error) return parsed;
  const target = parsed.raw.target ?? '*';
  if (target !== 'payRequest' && target !== 'callback' && target !== '*') {
    return new Error('fault.target must be payRequest, callback or *');
  }
  return { target, ...parsed.rule };
}

export class LnurlFaults extends FaultRules<LnurlFaultAction, LnurlFaultRule> {
  /** Uses one count of each rule for this request: the summed delay and the first action. */
  takeFor(target: 'payRequest' | 'callback'): { delayMs: number; action?: LnurlFaultAction } {
    return this.take((r) => r.target === '*' || r.target === target);
  }
}
