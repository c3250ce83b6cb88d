// The app-wide 'wallet:updated' event (docs/architecture.md "Core modules").
import { Listeners } from './listeners';
import { silentLogger } from './logger';
import type { Unit } from './units/unit';

/**
 * The unspent total per unit over every mint (minor units), as read inside the transaction that
 * stored a payment: stored truth once that transaction has committed.
 */
export type StoredBalances = Partial<Record<Unit, number>>;

export type WalletUpdate =
  /** `balances`, where the store read them with the write: the balance to show, no re-read needed */
  | { reason: 'payment'; amount: number; balances?: StoredBalances }
  | { reason: 'withdrawal'; amount?: number }
  | { reason: 'restore'; amount: number }
  /** a cash-out started, ended or came back unpaid (the balance changed) */
  | { reason: 'cash-out'; amount?: number }
  /** a state check removed proofs spent elsewhere (`amount`) or marked some pending at the mint */
  | { reason: 'proof-states'; amount: number }
  /** events of the phrase's other devices were added to the history (never the balance) */
  | { reason: 'records'; count: number }
  /** another tab of this browser changed the wallet (wallet-tabs.ts): read it again */
  | { reason: 'other-tab' };

export type WalletUpdateListener = (update: WalletUpdate) => void;

/** A small typed event bus; the app builds one and passes it to whoever emits or listens. */
export class WalletEvents {
  // A broken listener must not stop the money path that emitted the event: it is skipped quietly.
  private readonly listeners = new Listeners<WalletUpdate>(
    silentLogger,
    'wallet:updated listener failed',
  );

  /** Subscribes to 'wallet:updated'; returns the unsubscribe function. */
  onUpdated(listener: WalletUpdateListener): () => void {
    return this.listeners.add(listener);
  }

  /** Emits 'wallet:updated' to every listener; a throwing listener does not stop the others. */
  emitUpdated(update: WalletUpdate): void {
    this.listeners.emit(update);
  }
}
