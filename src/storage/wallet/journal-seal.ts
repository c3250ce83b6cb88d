// The locked-sale journals on pending mint quotes sealed or opened with the proofs when the PIN is
// set or removed (decision 0030), so no journal is left sealed to a sales key that is gone.
import { SalesSealer, type ProofSealing } from '../../core/lock';
import { openJournal, sealJournal } from '../../core/wallet/mint/sealed-journal';
import type { LockedOutputs } from '../../core/wallet/mint/ports';
import type { CashewDb } from '../database/db';

/** Runs inside the caller's transaction (the PIN change's), which must include `mintQuotes`. */
export async function resealJournals(db: CashewDb, change: ProofSealing): Promise<void> {
  const quotes = (await db.mintQuotes.toArray()).filter((q) => q.lockedOutputs);
  if (quotes.length === 0) return;
  const reseal =
    'sealTo' in change
      ? (journal: LockedOutputs) => sealJournal(journal, new SalesSealer(change.sealTo))
      : (journal: LockedOutputs) => openJournal(journal, change.openWith);
  for (const quote of quotes) {
    await db.mintQuotes.update(quote.quote, { lockedOutputs: reseal(quote.lockedOutputs!) });
  }
}
