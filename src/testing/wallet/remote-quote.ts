// Test helper: a cashier's quote at a dev mint, NUT-20 locked to `lock`, as the inbox takes it over.
import { Wallet } from '@cashu/cashu-ts';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';

export async function lockedRemoteQuote(
  mintUrl: string,
  amount: number,
  lock: string,
): Promise<PendingMintQuote> {
  const cashier = new Wallet(mintUrl, { unit: 'sat' });
  await cashier.loadMint();
  const reply = await cashier.createLockedMintQuote(amount, lock);
  return {
    quote: reply.quote,
    mintUrl,
    amount,
    request: reply.request,
    kind: 'remote',
    state: 'UNPAID',
    createdAt: Date.now(),
    expiry: reply.expiry ?? null,
    pubkey: lock,
  };
}
