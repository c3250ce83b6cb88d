// What core needs from storage, gathered: each port lives beside the code that owns it (the
// files below); this barrel keeps the screens' imports working. Amounts are integer sats.
import type { CounterSource } from '@cashu/cashu-ts';
import type { HistoryEventType } from './history-kinds';
import type { FiatRecord } from './prices/currencies';

// History event types are declared once, with what each kind means, in core/history-kinds.ts.
export type { CounterSource, FiatRecord, HistoryEventType };
export * from './clock';
export * from './history-ports';
export * from './keys/ports';
export * from './remote-payments/processed-quote-ports';
export * from './settings/ports';
export * from './wallet/cash-out/ports';
export * from './wallet/ecash/foreign/ports';
export * from './wallet/ecash/ports';
export * from './wallet/ledger-ports';
export * from './wallet/mint/ports';
export * from './wallet/proof-ports';
export * from './wallet/proof-states/ports';
export * from './wallet/withdraw/ports';
