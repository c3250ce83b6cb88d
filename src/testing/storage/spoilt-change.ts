// The cash-out the change fault tests pay: 1,000 sats from a tab funded with 2,000, whose melt reply
// the dev mint spoils once (a 10-sat reserve, 1 sat charged, 9 back as change: 8 + 1, two signatures).
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
