// Fault switches for tests: delays, HTTP 500s, dropped or spoilt replies, refusals, pending melts,
// requests that hang, a restore that signs whatever it is asked.
import { ALL_MALFORMATIONS, type Malformation } from './malform.ts';
import { bad } from './wire.ts';

export type FaultAction =
  | 'error500'
  | 'dropResponse'
  | 'holdReply'
  | 'refuse'
  | 'malform'
  | 'pending'
  | 'hang'
  | 'signEveryOutput';
const ACTIONS: readonly string[] = [
  'error500',
  'dropResponse',
  'holdReply',
  'refuse',
  'malform',
  'pending',
  'hang',
  'signEveryOutput',
];

export type FaultRule = {
  /** Exact request path, or a prefix ending in `*` (e.g. `/v1/mint/quote/bolt11/*`, `*`). */
  path: string;
  /** HTTP method to match; any when omitted. */
  method?: string;
  /** Wait this long before handling (or refusing) the request. */
  delayMs?: number;
  action?: FaultAction;
  /** For `refuse`: the NUT error code and detail of the 400 answer. */
  code?: number;
  detail?: string;
  /** For `malform`: how to spoil the successful reply (after the mint acted). */
  malform?: Malformation;
  /** How many matching requests this rule applies to; persistent when omitted. */
  count?: number;
  /**
   * Only requests in this unit (`sat`, `usd`, `eur`): read from the body's `unit`, the quote it
   * names, or its inputs' and outputs' keysets. A request whose unit cannot be told never matches.
   */
  unit?: string;
};

/** What to do to one request: the sum of the matching delays and the first matching action. */
export type FaultPlan = {
  delayMs: number;
  action?: FaultAction;
  code: number;
  detail: string;
  malform?: Malformation;
};

function matches(rule: FaultRule, method: string, path: string, unit: string | undefined): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  if (rule.unit !== undefined && rule.unit !== unit) return false;
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : rule.path === path;
}

export function parseFaultRule(value: unknown): FaultRule {
  if (typeof value !== 'object' || value === null) throw bad('a fault must be an object');
  const r = value as Record<string, unknown>;
  if (typeof r.path !== 'string' || r.path === '') throw bad('fault.path must be a string');
  if (r.action !== undefined && (typeof r.action !== 'string' || !ACTIONS.includes(r.action))) {
    throw bad(`fault.action must be one of ${ACTIONS.join(', ')}`);
  }
  const optionalInt = (key: string) => {
    const v = r[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
      throw bad(`fault.${key} must be a non-negative integer`);
    }
    return v;
  };
  const rule: FaultRule = { path: r.path };
  if (typeof r.method === 'string') rule.method = r.method;
  if (r.unit !== undefined) {
    if (typeof r.unit !== 'string' || r.unit === '') throw bad('fault.unit must be a unit name');
    rule.unit = r.unit;
  }
  const delayMs = optionalInt('delayMs');
  if (delayMs !== undefined) rule.delayMs = delayMs;
  if (r.action !== undefined) rule.action = r.action as FaultAction;
  const code = optionalInt('code');
  if (code !== undefined) rule.code = code;
  if (typeof r.detail === 'string') rule.detail = r.detail;
  const count = optionalInt('count');
  if (count !== undefined) rule.count = count;
  if (rule.action === 'refuse' && rule.code === undefined) throw bad('a refuse fault needs a code');
  if (r.malform !== undefined || rule.action === 'malform') {
    if (
      typeof r.malform !== 'string' ||
      !(ALL_MALFORMATIONS as readonly string[]).includes(r.malform)
    ) {
      throw bad(`fault.malform must be one of ${ALL_MALFORMATIONS.join(', ')}`);
    }
    rule.malform = r.malform as Malformation;
  }
  return rule;
}

export class Faults {
  private rules: FaultRule[] = [];

  add(rules: FaultRule | FaultRule[]): void {
    for (const rule of Array.isArray(rules) ? rules : [rules]) {
      if (rule.count === undefined || rule.count > 0) this.rules.push({ ...rule });
    }
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Consumes one use of every rule matching the request and says what to do to it. */
  take(method: string, path: string, unit?: string): FaultPlan | undefined {
    const matching = this.rules.filter((rule) => matches(rule, method, path, unit));
    if (matching.length === 0) return undefined;
    for (const rule of matching) if (rule.count !== undefined) rule.count -= 1;
    this.rules = this.rules.filter((rule) => rule.count === undefined || rule.count > 0);
    const withAction = matching.find((rule) => rule.action);
    return {
      delayMs: matching.reduce((total, rule) => total + (rule.delayMs ?? 0), 0),
      ...(withAction?.action ? { action: withAction.action } : {}),
      code: withAction?.code ?? 0,
      detail: withAction?.detail ?? 'refused by a fault switch',
      ...(withAction?.malform ? { malform: withAction.malform } : {}),
    };
  }
}
