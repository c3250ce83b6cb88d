// E2E helper: a customer's cashu wallet on the Node side, talking to the mint directly.
import { Wallet } from '@cashu/cashu-ts';

export async function customerWallet(mintUrl: string): Promise<Wallet> {
  const wallet = new Wallet(mintUrl, { unit: 'sat' });
  await wallet.loadMint();
  return wallet;
}
