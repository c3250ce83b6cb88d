// Fault rules of the small dev servers (LNURL, prices): reading a rule's action, delay and count, and using them up request by request.

/** What every small server's rule has: an action, a delay before answering, how many times. */
export type FaultRule<A extends string> = {
  action?: A;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Apply to this many matching requests, then disappear; persistent when omitted. */
  count?: number;
};

/**
 * The common fields of a posted rule, checked: `action` one of `actions`, `delayMs` and `count`
 * non-negative integers. Answers the rule and the raw object (for a server's own fields), or the
 * first thing wrong as an Error.
 */
export function parseFaultRule<A extends string>(
  value: unknown,
  actions: readonly A[],
): { rule: FaultRule<A>; raw: Record<string, unknown> } | Error {
  if (typeof value !== 'object' || value === null) return new Error('a fault must be an object');
  const raw = value as Record<string, unknown>;
  const rule: FaultRule<A> = {};
  if (raw.action !== undefined) {
    if (!(actions as readonly unknown[]).includes(raw.action)) {
      return new Error(`fault.action must be one of ${actions.join(', ')}`);
    }
    rule.action = raw.action as A;
  }
  for (const key of ['delayMs', 'count'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
      return new Error(`fault.${key} must be a non-negative integer`);
    }
    rule[key] = v;
  }
  return { rule, raw };
}

/** The active rules of one server; `take` spends one count of every rule matching a request. */
export class FaultRules<A extends string, R extends FaultRule<A>> {
  private rules: R[] = [];

  add(rules: R[]): void {
    for (const rule of rules) {
      if (rule.count === undefined || rule.count > 0) this.rules.push({ ...rule });
    }
  }

  clear(): void {
    this.rules = [];
  }

  list(): R[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Uses one count of each matching rule: the summed delay and the first action. */
  take(matches: (rule: R) => boolean = () => true): { delayMs: number; action?: A } {
    const matching = this.rules.filter(matches);
    for (const rule of matching) if (rule.count !== undefined) rule.count -= 1;
    this.rules = this.rules.filter((r) => r.count === undefined || r.count > 0);
    const action = matching.find((r) => r.action)?.action;
    return {
      delayMs: matching.reduce((sum, r) => sum + (r.delayMs ?? 0), 0),
      ...(action ? { action } : {}),
    };
  }
}
