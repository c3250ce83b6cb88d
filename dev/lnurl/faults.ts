// Fault switches of the dev LNURL server: answers a wallet must survive (nonsense, errors, silence).
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

export type LnurlFaultRule = {
  /** Which request: the address document, the invoice callback, or both (default). */
  target: 'payRequest' | 'callback' | '*';
  action?: LnurlFaultAction;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Apply to this many matching requests, then disappear; persistent when omitted. */
  count?: number;
};

export function parseLnurlFault(value: unknown): LnurlFaultRule | Error {
  if (typeof value !== 'object' || value === null) return new Error('a fault must be an object');
  const r = value as Record<string, unknown>;
  const target = r.target ?? '*';
  if (target !== 'payRequest' && target !== 'callback' && target !== '*') {
    return new Error('fault.target must be payRequest, callback or *');
  }
  const rule: LnurlFaultRule = { target };
  if (r.action !== undefined) {
    if (!(LNURL_FAULTS as readonly unknown[]).includes(r.action)) {
      return new Error(`fault.action must be one of ${LNURL_FAULTS.join(', ')}`);
    }
    rule.action = r.action as LnurlFaultAction;
  }
  for (const key of ['delayMs', 'count'] as const) {
    const v = r[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
      return new Error(`fault.${key} must be a non-negative integer`);
    }
    rule[key] = v;
  }
  return rule;
}

export class LnurlFaults {
  private rules: LnurlFaultRule[] = [];

  add(rules: LnurlFaultRule[]): void {
    for (const rule of rules)
      if (rule.count === undefined || rule.count > 0) this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  list(): LnurlFaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Uses one count of each matching rule: the summed delay and the first action. */
  take(target: 'payRequest' | 'callback'): { delayMs: number; action?: LnurlFaultAction } {
    const matching = this.rules.filter((r) => r.target === '*' || r.target === target);
    for (const rule of matching) if (rule.count !== undefined) rule.count -= 1;
    this.rules = this.rules.filter((r) => r.count === undefined || r.count > 0);
    const action = matching.find((r) => r.action)?.action;
    return {
      delayMs: matching.reduce((sum, r) => sum + (r.delayMs ?? 0), 0),
      ...(action ? { action } : {}),
    };
  }
}
