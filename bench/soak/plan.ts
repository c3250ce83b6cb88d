// What the soak does next: the operation and the fault before it, drawn from the seeded generator
// with fixed weights, so a seed names one sequence of operations and faults.
import type { WriteStep } from '../../src/core/checkpoint.ts';
import type { Random } from './random.ts';

export const OP_KINDS = [
  'local-sale',
  'remote-sale',
  'ecash-sale',
  'withdrawal',
  'cash-out',
  'refund',
  'device-2',
] as const;
export type OpKind = (typeof OP_KINDS)[number];

/** How often each operation comes, relative to the others. */
export const OP_WEIGHTS: Record<OpKind, number> = {
  'local-sale': 22,
  'remote-sale': 16,
  'ecash-sale': 16,
  withdrawal: 16,
  'cash-out': 12,
  refund: 12,
  'device-2': 6,
};

export const FAULT_KINDS = [
  'none',
  'mint-delay',
  'mint-500',
  'mint-drop-response',
  'mint-close-sockets',
  'mint-refuse',
  'relay-down',
  'relay-drop-events',
  'reload',
  'reload-mid-operation',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FAULT_WEIGHTS: Record<FaultKind, number> = {
  none: 16,
  'mint-delay': 10,
  'mint-500': 12,
  'mint-drop-response': 12,
  'mint-close-sockets': 6,
  'mint-refuse': 8,
  'relay-down': 6,
  'relay-drop-events': 8,
  reload: 8,
  'reload-mid-operation': 14,
};

/** One dev mint fault rule (dev/mint/faults.ts), as the soak arms it. */
export interface MintRule {
  path: string;
  method?: string;
  action?: 'error500' | 'dropResponse' | 'refuse';
  code?: number;
  delayMs?: number;
  count: number;
}

export type Fault =
  | { kind: 'none' }
  | { kind: 'mint-delay' | 'mint-500' | 'mint-drop-response' | 'mint-refuse'; rule: MintRule }
  | { kind: 'mint-close-sockets' }
  | { kind: 'relay-down' }
  | { kind: 'relay-drop-events'; count: number }
  | { kind: 'reload' }
  /** the tab is closed the first time this step is reached during the operation */
  | { kind: 'reload-mid-operation'; step: WriteStep };

/** The mint calls each operation makes that change state, where a lost answer matters. */
const STATE_PATHS: Record<OpKind, string[]> = {
  'local-sale': ['/v1/mint/quote/bolt11', '/v1/mint/bolt11'],
  'remote-sale': ['/v1/mint/quote/bolt11', '/v1/mint/bolt11'],
  'ecash-sale': ['/v1/swap'],
  withdrawal: ['/v1/swap'],
  'cash-out': ['/v1/melt/quote/bolt11', '/v1/melt/bolt11'],
  refund: ['/v1/melt/bolt11', '/v1/swap'],
  'device-2': ['/v1/restore', '/v1/swap'],
};

/** Reads each operation makes, which a 500 or a refusal can also hit. */
const READ_PATHS: Record<OpKind, string[]> = {
  'local-sale': ['/v1/mint/quote/bolt11/*'],
  'remote-sale': ['/v1/mint/quote/bolt11/*'],
  'ecash-sale': ['/v1/keysets', '/v1/checkstate'],
  withdrawal: ['/v1/checkstate'],
  'cash-out': ['/v1/melt/quote/bolt11/*', '/v1/checkstate'],
  refund: ['/v1/melt/quote/bolt11/*', '/v1/checkstate'],
  'device-2': ['/v1/checkstate', '/v1/keysets'],
};

/** The write steps (core/checkpoint.ts) each operation passes through. */
export const OP_STEPS: Record<OpKind, WriteStep[]> = {
  'local-sale': ['mint:counters-reserved', 'mint:reservation-recorded', 'mint:signed'],
  'remote-sale': [
    'remote:claimed',
    'mint:counters-reserved',
    'mint:reservation-recorded',
    'mint:signed',
  ],
  'ecash-sale': [
    'ecash:journaled',
    'ecash:counters-reserved',
    'ecash:reservation-recorded',
    'ecash:signed',
  ],
  withdrawal: ['swap:counters-reserved', 'swap:journaled', 'swap:signed', 'withdraw:token-built'],
  'cash-out': ['melt:counters-reserved', 'melt:journaled', 'melt:paid'],
  refund: [
    'melt:counters-reserved',
    'melt:journaled',
    'melt:paid',
    'swap:journaled',
    'swap:signed',
  ],
  'device-2': ['restore:scheduled', 'restore:batch-recorded', 'swap:journaled', 'swap:signed'],
};

/**
 * Where in a run device-2 starts: from its first spend on, device-1 counts proofs it cannot
 * spend and most of its money out stops there (issue 46), so the first half runs one device
 * and exercises money out under faults. Set to 0 once the wallet reconciles proof states.
 */
export const DEVICE_2_FROM = 0.5;

/** The next operation; `device2` false leaves device-2 out. */
export function chooseOp(random: Random, device2 = true): OpKind {
  return random.weighted(device2 ? OP_WEIGHTS : { ...OP_WEIGHTS, 'device-2': 0 });
}

/**
 * The fault armed before an operation of `op`. Mint rules apply to one or two requests
 * (`count`), so the operation meets the fault and its retries get through.
 */
export function chooseFault(random: Random, op: OpKind): Fault {
  const kind = random.weighted(FAULT_WEIGHTS);
  const count = random.int(1, 2);
  switch (kind) {
    case 'none':
    case 'mint-close-sockets':
    case 'relay-down':
    case 'reload':
      return { kind };
    case 'mint-delay':
      return {
        kind,
        rule: { path: '*', delayMs: random.int(100, 2_500), count: random.int(1, 6) },
      };
    case 'mint-500':
      return {
        kind,
        rule: {
          path: random.pick([...STATE_PATHS[op], ...READ_PATHS[op]]),
          action: 'error500',
          count,
        },
      };
    case 'mint-drop-response':
      return { kind, rule: { path: random.pick(STATE_PATHS[op]), action: 'dropResponse', count } };
    case 'mint-refuse':
      return {
        kind,
        rule: {
          path: random.pick([...STATE_PATHS[op], ...READ_PATHS[op]]),
          action: 'refuse',
          // 10000: a plain "no", nothing done; 20005: the mint is still busy with it.
          code: random.pick([10000, 20005]),
          count,
        },
      };
    case 'relay-drop-events':
      return { kind, count: random.int(1, 3) };
    case 'reload-mid-operation':
      return { kind, step: random.pick(OP_STEPS[op]) };
  }
}

/** A fault's short name for the summary: its kind, and the path or step it aimed at. */
export function faultLabel(fault: Fault): string {
  if ('rule' in fault) return `${fault.kind} ${fault.rule.path}`;
  if (fault.kind === 'reload-mid-operation') return `${fault.kind} ${fault.step}`;
  return fault.kind;
}
