// What the cash-out change fault tests share: the cash-out they pay, 1,000 sats from a tab funded
// with 2,000 whose melt reply the dev mint spoils once (a 10-sat reserve, 1 sat charged, 9 back as
// change: 8 + 1, two signatures), and the mint's word on the proofs the tab stored.
import type { Malformation } from '../../../dev/mint/malform';
import type { DevMint } from '../../../dev/mint/server';
import { outsideInvoice } from '../../../dev/mint/test-support';
import { fundTab, type CashOutTab } from './cash-out-tab';

/** The prepared plan; the mint's next melt reply is spoilt as `malform` says. */
export async function spoiltChangeCashOut(tab: CashOutTab, mint: DevMint, malform: Malformation) {
  await fundTab(tab, mint, [2000]);
  const plan = await tab.cashOut.prepare(outsideInvoice(1000));
  mint.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'malform', malform, count: 1 });
  return plan;
}

/** States of the stored unspent proofs at the mint: a forged or misread one is not UNSPENT. */
export async function storedProofStates(tab: CashOutTab, mintUrl: string): Promise<string[]> {
  const proofs = await tab.storage.proofs.listUnspent();
  const wallet = await tab.wallets.getWallet(mintUrl);
  return (await wallet.checkProofsStates(proofs)).map((s) => s.state);
}
