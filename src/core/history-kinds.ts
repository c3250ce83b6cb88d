// Every kind of history event, declared once: its label, which way its sats went, where the day
// summary counts it, what the CSV says of it and whether the phrase's other devices get it
// (docs/architecture.md "History event kinds").

export interface HistoryKind {
  /** The row's plain label in the wallet's history. */
  label: string;
  /** 'in': the amount came into the balance; 'out': it left (shown with a minus). */
  direction: 'in' | 'out';
  /** The day summary's bucket; 'none' is not counted there. */
  daySummary: 'sale' | 'withdrawal' | 'cash-out' | 'refund' | 'none';
  /** The CSV's origin column: where a sale was taken. */
  origin: 'local' | 'remote' | '';
  /** Whether the event carries fees in its metadata (CSV fee column, day summary fees). */
  hasFees: boolean;
  /**
   * Whether the event is the shop's record, copied to the phrase's other devices through the
   * merchant's relays (docs/protocol.md "Records on the relays"); false for what concerns this
   * device only, such as what a restore scan found here.
   */
  replicated: boolean;
}

const KINDS = {
  'direct-payment': {
    label: 'Sale',
    direction: 'in',
    daySummary: 'sale',
    origin: 'local',
    hasFees: false,
    replicated: true,
  },
  'remote-payment': {
    label: 'Remote sale',
    direction: 'in',
    daySummary: 'sale',
    origin: 'remote',
    hasFees: false,
    replicated: true,
  },
  /** A sale paid with ecash (NUT-18 request or pasted token), swapped at the mint; fee in metadata. */
  'ecash-payment': {
    label: 'Ecash sale',
    direction: 'in',
    daySummary: 'sale',
    origin: 'local',
    hasFees: true,
    replicated: true,
  },
  /**
   * A sale paid in cash, recorded so the books and the shift hold it: no sats moved, so the
   * balance never counts it (docs/behaviour.md "Cash sales"). Its amount is the sale's sats at the
   * price shown; its fiat record is the cash taken.
   */
  'cash-payment': {
    label: 'Cash sale',
    direction: 'in',
    daySummary: 'sale',
    origin: 'local',
    hasFees: false,
    replicated: true,
  },
  withdrawal: {
    label: 'Withdrawal',
    direction: 'out',
    daySummary: 'withdrawal',
    origin: '',
    hasFees: false,
    replicated: true,
  },
  /**
   * The sats a phrase restore scan recovered from one mint (0 included): this device's finding,
   * never the shop's record (the sats were recorded where they were taken).
   */
  restore: {
    label: 'Restored',
    direction: 'in',
    daySummary: 'none',
    origin: '',
    hasFees: false,
    replicated: false,
  },
  /** Sats paid out over Lightning (melt), with the fee and preimage. */
  'cash-out': {
    label: 'Cash out',
    direction: 'out',
    daySummary: 'cash-out',
    origin: '',
    hasFees: true,
    replicated: true,
  },
  /**
   * A pending withdrawal token swapped back into the wallet. Its amount is what left the balance
   * (the mint's swap fee, usually 0); the token's sats are in the metadata.
   */
  'token-cancelled': {
    label: 'Token cancelled',
    direction: 'out',
    daySummary: 'none',
    origin: '',
    hasFees: false,
    replicated: true,
  },
  /**
   * Sats returned to a customer for a sale, over Lightning or as an ecash token; its metadata
   * names the sale (`refundOf`) and the method (docs/behaviour.md "Refunds").
   */
  refund: {
    label: 'Refund',
    direction: 'out',
    daySummary: 'refund',
    origin: '',
    hasFees: true,
    replicated: true,
  },
  /**
   * Stored proofs the mint reported spent by someone else in a state check
   * (docs/protocol.md "Proof states"): another device on the phrase, or a withdrawal token taken
   * back. Its amount is what left the balance; metadata `{numProofs}`. Not money this device
   * moved, so no day-summary bucket; and not replicated: it says what left this device's own
   * proofs, which the device that spent them recorded as its own withdrawal or sale.
   */
  'spent-elsewhere': {
    label: 'Spent elsewhere: another device on this phrase, or a token taken back',
    direction: 'out',
    daySummary: 'none',
    origin: '',
    hasFees: false,
    replicated: false,
  },
} as const satisfies Record<string, HistoryKind>;

export type HistoryEventType = keyof typeof KINDS;

/** Every type this version stores (the history's labels name each one). */
export const HISTORY_EVENT_TYPES = Object.keys(KINDS) as HistoryEventType[];

/** The kind of a stored type; undefined for a type this version does not know (newer data). */
export function historyKind(type: string): HistoryKind | undefined {
  return Object.hasOwn(KINDS, type) ? KINDS[type as HistoryEventType] : undefined;
}

/** Whether a stored type goes to the phrase's other devices; a type this version does not know does not. */
export function isReplicated(type: string): boolean {
  return historyKind(type)?.replicated === true;
}
