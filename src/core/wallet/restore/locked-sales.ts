// A restore's NUT-09 of exactly the outputs that sales taken while locked left on the relays
// (docs/protocol.md "Locked sales on the relays"): the journal restore of a locked mint, asked
// per keyset, then NUT-07, so only proofs the mint signed and has not seen spent are kept; and
// the mint request of a paid quote whose device stopped before sending it (decision 0061).
import { CheckStateEnum, type Wallet } from '@cashu/cashu-ts';
import type { LockedSaleFound } from '../../backup/locked-sale-envelope';
import type { Logger } from '../../logger';
import type { PlainLockedOutput } from '../mint/ports';
import type { NewProof } from '../proof-ports';
import { mintLocked, restoreLocked } from '../mint/locked-mint';
import { toMintQuoteSnapshot } from '../mint/mint-quote-snapshot';
import { toCashuProof } from '../withdraw/withdraw-token';
import { SAT, type Unit } from '../../units/unit';
import { inUnit, keysetUnits } from './keyset-units';

/** Outputs asked for in one NUT-09 request, as the phrase walk's batches. */
const OUTPUTS_PER_REQUEST = 100;

/**
 * The mint's keysets of any unit by id: a sale taken in dollars has its outputs on a usd keyset,
 * and its proofs are stored in the keyset's unit, never the envelope's word (decision 0067).
 */
function listedKeysets(wallet: Wallet): Map<string, Unit> {
  return new Map(keysetUnits(wallet).map(({ id, unit }) => [id, unit]));
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
 * its DLEQ proof, rejects and stores nothing. `walletIn`: the mint's wallet of a unit, for a paid
 * quote of a sale in dollars (its mint request is in the quote's unit, on its keyset).
 */
export async function restoreLockedSales(
  wallet: Wallet,
  sales: LockedSaleFound[],
  logger: Logger,
  walletIn: (unit: Unit) => Promise<Wallet> = async () => wallet,
): Promise<NewProof[]> {
  const listed = listedKeysets(wallet);
  const found: NewProof[] = [];
  for (const [keysetId, outputs] of outputsByKeyset(sales)) {
    const unit = listed.get(keysetId);
    if (unit === undefined) {
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
      const unspent = signed.filter((_, j) => states[j]?.state === CheckStateEnum.UNSPENT);
      found.push(...unspent.map((proof) => inUnit(proof, unit)));
    }
  }
  const quotes = new Set<string>();
  for (const sale of sales) {
    if (!sale.quote || !sale.certified || quotes.has(sale.quote)) continue;
    const unit = listed.get(sale.journal.keysetId);
    if (unit === undefined) continue;
    quotes.add(sale.quote);
    // The keyset's unit, not the envelope's word: a usd quote is minted by the usd wallet.
    const unitWallet = unit === SAT ? wallet : await walletIn(unit);
    const minted = await mintPaidQuote(unitWallet, sale, sale.quote, logger);
    found.push(...minted.map((proof) => inUnit(proof, unit)));
  }
  return found;
}

/**
 * A sale whose device stopped after its backup was published and before its mint request: the
 * quote is still PAID, so nothing was signed for the envelope's outputs. Minted now with exactly
 * those outputs (the envelope is their journal: a repeat, here or on the device, re-sends or
 * restores the same ones and is never signed twice). A quote locked to a key (NUT-20) is left to
 * the device that holds it. Only certified envelopes: the phrase's own devices named the quote.
 */
async function mintPaidQuote(
  wallet: Wallet,
  sale: LockedSaleFound,
  quote: string,
  logger: Logger,
): Promise<NewProof[]> {
  let snapshot;
  try {
    snapshot = toMintQuoteSnapshot(await wallet.mint.checkMintQuoteBolt11(quote), quote);
  } catch (error) {
    logger.warn(`The quote of a sale taken while locked could not be checked; skipped`, error);
    return [];
  }
  if (snapshot.state !== 'PAID') return [];
  if (snapshot.pubkey) {
    logger.warn('A paid quote of a sale taken while locked is locked to a key; left to its device');
    return [];
  }
  try {
    return await mintLocked(wallet, { quote, amount: sale.amount, journal: sale.journal });
  } catch (error) {
    // The device minted it meanwhile, or the answer was lost: what was signed for these outputs.
    logger.warn('Minting a paid quote of a sale taken while locked ended ambiguously', error);
    return restoreLocked(wallet, sale.journal);
  }
}
