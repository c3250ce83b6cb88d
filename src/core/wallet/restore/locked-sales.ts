// A restore's NUT-09 of exactly the outputs that sales taken while locked left on the relays
// (docs/protocol.md "Locked sales on the relays"): the journal restore of a locked mint, asked
// per keyset, then NUT-07, so only proofs the mint signed and has not seen spent are kept.
import { CheckStateEnum, type Wallet } from '@cashu/cashu-ts';
import type { LockedSaleFound } from '../../backup/locked-sale-envelope';
import type { Logger } from '../../logger';
import type { PlainLockedOutput } from '../mint/ports';
import type { NewProof } from '../proof-ports';
import { restoreLocked } from '../mint/locked-mint';
import { toCashuProof } from '../withdraw/withdraw-token';

/** Outputs asked for in one NUT-09 request, as the phrase walk's batches. */
const OUTPUTS_PER_REQUEST = 100;

function listedKeysets(wallet: Wallet): Set<string> {
  try {
    return new Set(wallet.keyChain.getKeysets().map((k) => k.id));
  } catch {
    return new Set();
  }
}

/** The sales' outputs by keyset, each B_ once (the same sale may come from two envelopes). */
function outputsByKeyset(sales: LockedSaleFound[]): Map<string, PlainLockedOutput[]> {
  const seen = new Set<string>();
  const byKeyset = new Map<string, PlainLockedOutput[]>();
  for (const sale of sales) {
    for (const output of sale.journal.outputs as PlainLockedOutput[]) {
      if (seen.has(output.blindedMessage.B_)) continue;
      seen.add(output.blindedMessage.B_);
      const list = byKeyset.get(sale.journal.keysetId) ?? [];
      list.push(output);
      byKeyset.set(sale.journal.keysetId, list);
    }
  }
  return byKeyset;
}

/**
 * The unspent proofs the mint signed for these sales' outputs, flagged random like any locked
 * sale's (the next `secureLockedSales` swaps them into NUT-13 outputs). Outputs on a keyset the
 * mint does not list are skipped; a mint that does not answer, or answers a signature that fails
 * its DLEQ proof, rejects and stores nothing.
 */
export async function restoreLockedSales(
  wallet: Wallet,
  sales: LockedSaleFound[],
  logger: Logger,
): Promise<NewProof[]> {
  const listed = listedKeysets(wallet);
  const found: NewProof[] = [];
  for (const [keysetId, outputs] of outputsByKeyset(sales)) {
    if (!listed.has(keysetId)) {
      logger.warn(
        `Locked-sale outputs on keyset ${keysetId}, which the mint does not list; skipped`,
      );
      continue;
    }
    for (let i = 0; i < outputs.length; i += OUTPUTS_PER_REQUEST) {
      const chunk = outputs.slice(i, i + OUTPUTS_PER_REQUEST);
      const signed = await restoreLocked(wallet, { keysetId, outputs: chunk });
      if (signed.length === 0) continue;
      const states = await wallet.checkProofsStates(signed.map(toCashuProof));
      found.push(...signed.filter((_, j) => states[j]?.state === CheckStateEnum.UNSPENT));
    }
  }
  return found;
}
