// What a device stored, as the interrupted-money tests compare it: balance, history (kind, amount
// and quote), quotes still pending and withdrawals.
import type { Storage } from '../../storage/index';

export async function storedMoney(storage: Storage) {
  const { events } = await storage.history.page(1, 100);
  return {
    balance: await storage.proofs.balance(),
    history: events.map(({ type, amount, quoteId }) => ({
      type,
      amount,
      ...(quoteId ? { quoteId } : {}),
    })),
    pendingQuotes: (await storage.mintQuotes.list()).length,
    withdrawals: (await storage.withdrawals.list()).length,
  };
}
