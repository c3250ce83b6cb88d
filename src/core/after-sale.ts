// What follows a sale and the moments like it (docs/architecture.md "The composition root"):
// the receipt to a remote cashier, the backups, held ecash landing, a remote quote taken over.
import type { LockState } from './lock/till-lock';
import type { PendingMintQuote } from './wallet/mint/ports';
import type { SaleReceipt } from './remote-payments/receipt-message';
import type { PaymentSettled } from './wallet/receive/payment-service';

export interface AfterSaleDeps {
  payments: {
    onSettled(listener: (settled: PaymentSettled) => void): unknown;
    takeOverRemote(quote: PendingMintQuote): Promise<boolean>;
  };
  ecashInbox: { landHeld(requestId?: string): Promise<void> };
  receipts: { send(receiptPubkey: string, sale: SaleReceipt, quotePubkey?: string): unknown };
  /** The NUT-27 mint list (it waits for the PIN itself while the seed is sealed). */
  mintBackup: { sync(): unknown };
  /** The settings backup: it needs the identity key, so never while locked. */
  appData: { sync(): unknown };
  /** The paired cashiers' catalog (it syncs the merchant profile first). */
  catalog: { sync(): unknown };
  /**
   * The merchant profile (core/remote-payments/merchant/profile-publisher.ts): a start while
   * locked cannot sign it, so the unlock publishes what changed meanwhile (a revoked staff link).
   */
  profile?: { sync(): unknown };
  /** The history on the relays: read again once the PIN opens the identity key. */
  records: { wake(): void };
  lock: { state(): LockState; onChange(listener: (state: LockState) => void): unknown };
  restore: { onFinished(listener: () => void): unknown };
  clock: () => number;
  /**
   * Runs a sale's follow-up work once the sale is on screen (the app: after the next paint). The
   * backups and the catalog read the database and sign on the main thread; started in the settle's
   * own turn they held the balance's read and the toast's render back. Omitted: at once.
   */
  afterShown?: (run: () => void) => void;
}

export interface AfterSaleRules {
  /** The mint list, and the settings unless the till is locked. */
  backUp(): void;
  /** A remote quote joins the payments; its customer's ecash, if it came first, lands now. */
  takeOver(quote: PendingMintQuote): Promise<boolean>;
  /** Listening started (start-up, Settings saved): backups, and the cashiers' catalog checked. */
  listening(): void;
}

/** Subscribes the rules once (the app builds this once) and returns what the inbox calls. */
export function afterSaleRules(deps: AfterSaleDeps): AfterSaleRules {
  const backUp = () => {
    void deps.mintBackup.sync();
    if (deps.lock.state() !== 'locked') void deps.appData.sync();
  };
  const backUpAndCatalog = () => {
    backUp();
    void deps.catalog.sync();
  };
  deps.lock.onChange((state) => {
    if (state !== 'unlocked') return;
    backUp();
    // A profile and catalog the locked start could not sign go out now: a revoke whose publish a
    // closed tab cut off. See docs/security.md
    // "A cashier link per person, and what a revoked person keeps".
    void deps.profile?.sync();
    void deps.catalog.sync();
    // The other devices' events can be read once the PIN opens the identity key.
    deps.records.wake();
  });
  const afterShown = deps.afterShown ?? ((run: () => void) => run());
  // A sale on a mint the list does not name yet (a remote sale on another mint) adds it; changed
  // settings are published with it. A sale may sell an item out: the cashiers' catalog says so
  // (published only when it changed). Both once the sale is on screen: the proofs are stored
  // already, and neither is the merchant's to wait for.
  deps.payments.onSettled(() => afterShown(backUpAndCatalog));
  // Once a restore has read the backups, what it found is published again, merged; the cashiers'
  // catalog (and the profile it checks first) then carries the restored items and settings.
  deps.restore.onFinished(backUpAndCatalog);
  // Once a remote sale's proofs are stored, its cashier hears back (docs/protocol.md "Receipts").
  deps.payments.onSettled((settled) => {
    const receipt = settled.quote.receipt;
    if (settled.kind !== 'remote' || !receipt) return;
    const time = Math.floor(deps.clock() / 1000);
    // In the sale's unit: a dollar till's cashier hears of cents (decision 0092).
    const unit = settled.quote.unit;
    const sale = {
      quote: settled.quote.quote,
      amount: settled.amount,
      time,
      ...(unit && unit !== 'sat' ? { unit } : {}),
    };
    void deps.receipts.send(receipt, sale, settled.quote.pubkey);
  });
  return {
    backUp,
    async takeOver(quote) {
      const taken = await deps.payments.takeOverRemote(quote);
      // The customer's ecash may have come first: held, it lands now (decision 0044).
      if (taken && quote.ecashRequestId) void deps.ecashInbox.landHeld(quote.ecashRequestId);
      return taken;
    },
    listening: backUpAndCatalog,
  };
}
