// Test helper: what every wallet service takes from a Dexie Storage, wired as app/services does it.
import type { Checkpoint } from '../../core/checkpoint';
import type { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import type { WalletProvider } from '../../core/wallet/wallet-provider';
import type { Storage } from '../../storage/index';

/** The stores, wallets, events, logger and clock that the payment, withdraw and cash-out services share. */
export function walletDeps(
  storage: Storage,
  deps: {
    wallets: WalletProvider;
    events: WalletEvents;
    logger: Logger;
    clock?: Clock;
    checkpoint?: Checkpoint | undefined;
  },
) {
  return {
    config: storage.config,
    proofs: storage.proofs,
    ledger: storage.ledger,
    counters: storage.counterSource,
    wallets: deps.wallets,
    events: deps.events,
    logger: deps.logger,
    clock: deps.clock ?? Date.now,
    ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
  };
}
