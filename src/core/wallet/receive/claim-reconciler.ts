// Start-up repair of remote quotes that were claimed but that nothing tracks or settled.
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { ProcessedQuote } from '../../remote-payments/merchant/processed-quote-ports';
import type { ConfigStore } from '../../settings/ports';
import type { Ledger } from '../ledger-ports';
import type { PendingMintQuote } from '../mint/ports';
import { isDefiniteRefusal } from '../mint-errors';
import { isExpiredUnpaid } from '../mint/mint-quote-snapshot';
import { mintQuoteClient } from '../mint/quote-watcher';
import type { WalletProvider } from '../wallet-provider';

export interface ClaimReconcilerDeps {
  ledger: Pick<Ledger, 'unsettledClaims' | 'reopenClaim' | 'closeMintQuote'>;
  config: Pick<ConfigStore, 'getMintUrl'>;
  wallets: Pick<WalletProvider, 'getMint'>;
  logger: Logger;
  clock: Clock;
}

/**
 * Claims with no pending row, no history event and no outcome (left by versions that claimed and
 * tracked in two transactions) are looked up at their mint, or the configured one for claims that
 * predate the claim's mint: a live or paid quote is stored as pending again with the mint's own
 * figures; an expired, issued or unknown one gets its outcome recorded and is never asked about
 * again; an unreachable mint leaves the claim for the next start. Never rejects.
 * See docs/architecture.md, "Money under interruption".
 */
export async function reconcileClaims(deps: ClaimReconcilerDeps): Promise<void> {
  const claims = await deps.ledger.unsettledClaims().catch((error: unknown) => {
    deps.logger.error('Could not read claimed remote quotes', error);
    return [];
  });
  if (claims.length === 0) return;
  const currentMint = await deps.config.getMintUrl().catch(() => undefined);
  for (const claim of claims) {
    const mintUrl = claim.mintUrl ?? currentMint;
    if (!mintUrl) continue;
    try {
      await reconcileClaim(deps, claim, mintUrl);
    } catch (error) {
      deps.logger.warn(`Reconciling remote quote ${claim.quoteId} failed; next start`, error);
    }
  }
}

async function reconcileClaim(
  deps: ClaimReconcilerDeps,
  claim: ProcessedQuote,
  mintUrl: string,
): Promise<void> {
  const { ledger, logger } = deps;
  let snapshot;
  try {
    snapshot = await mintQuoteClient(deps.wallets.getMint(mintUrl), logger).check(claim.quoteId);
  } catch (error) {
    if (!isDefiniteRefusal(error)) throw error;
    logger.warn(`Claimed remote quote ${claim.quoteId} is unknown at ${mintUrl}`, error);
    await ledger.closeMintQuote(claim.quoteId, 'unknown-at-mint');
    return;
  }
  if (snapshot.state === 'ISSUED') {
    await ledger.closeMintQuote(claim.quoteId, 'issued-elsewhere');
    return;
  }
  if (isExpiredUnpaid(snapshot, deps.clock())) {
    await ledger.closeMintQuote(claim.quoteId, 'expired');
    return;
  }
  const quote: PendingMintQuote = {
    quote: claim.quoteId,
    mintUrl,
    // The mint's own figures, not what the message said.
    amount: snapshot.amount ?? claim.amount,
    request: snapshot.request ?? '',
    kind: 'remote',
    state: snapshot.state,
    createdAt: claim.processedAt,
    expiry: snapshot.expiry,
    ...(snapshot.pubkey ? { pubkey: snapshot.pubkey } : {}),
  };
  if (await ledger.reopenClaim(quote)) {
    logger.warn(`Remote quote ${claim.quoteId} was claimed but not tracked; tracking it now`);
  }
}
