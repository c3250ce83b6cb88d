// Settling a paid mint quote: mint from journaled outputs, recover a lost answer (NUT-09), store once.
import type { Wallet } from '@cashu/cashu-ts';
import { MintRefusedError, MintUnreachableError } from '../../errors';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import type { WalletEvents } from '../../events';
import type { LockedSaleBackupHook } from '../../backup/locked-sale-backups';
import type { Logger } from '../../logger';
import type { Ledger } from '../ledger-ports';
import type { NewProof, ProofStore } from '../proof-ports';
import {
  quoteUnit,
  type CounterReservation,
  type LockedOutputs,
  type MintQuoteStore,
  type PendingMintQuote,
  type QuoteKind,
} from './ports';
import type { CounterSource } from '@cashu/cashu-ts';
import { remoteSaleFiat, type RemoteFiatLookup } from '../../prices/remote-sale-fiat';
import {
  firstUnusedCounter,
  mintReserved,
  outputCountFor,
  reserveAndRecord,
  restoreReservation,
} from './deterministic-mint';
import { mintLocked, newLockedOutputs, restoreLocked } from './locked-mint';
import type { PreparedOutputs } from '../ecash/prepared-outputs';
import { isAmbiguous, NutCode, refusalCode, toMintError } from '../mint-errors';
import type { MintQuoteStateName } from './mint-quote-snapshot';
import { signingKeyForQuote } from './nut20-key';
import { sumSats, toNewProof } from '../proof-convert';
import { mintQuoteClient } from './quote-watcher';
import type { WalletProvider } from '../wallet-provider';

/** A quote whose proofs are stored. */
export interface QuoteSettled {
  quote: PendingMintQuote;
  amount: number;
  kind: QuoteKind;
  /** total unspent balance after storing the proofs */
  balance: number;
}

export interface QuoteMinterDeps {
  quotes: MintQuoteStore;
  ledger: Pick<Ledger, 'settleMintQuote' | 'closeMintQuote'>;
  proofs: Pick<ProofStore, 'unspentOf'>;
  counters: CounterSource;
  events: WalletEvents;
  logger: Logger;
  wallets: WalletProvider;
  /** the device's nostr secret key: signs mint requests for NUT-20 locked (remote) quotes */
  getSigningKey(): Promise<Uint8Array>;
  /**
   * The sales inbox key when the quote is locked to it (decision 0030, point 7): plain, so such a
   * quote is minted while the till is locked. Undefined for any other lock; omitted: never.
   */
  inboxKeyFor?: (quotePubkey: string) => Promise<Uint8Array | undefined>;
  /** True while the seed is sealed: new mints then use random outputs (decision 0024). */
  seedSealed?: () => Promise<boolean>;
  /** The sales public key while a PIN is set: a locked sale's journal is sealed to it (0030). */
  salesPublicKey?: () => string | undefined;
  /** Backs up a sale minted while locked on the relays before its mint request (decision 0050). */
  lockedBackup?: LockedSaleBackupHook;
  /** test seam between the steps of a multi-step write (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  /**
   * Outputs derived while the invoice was on screen (the ecash receiver's, shared: the sale is
   * paid one way or the other). Nothing in it is reserved; a counter that moved is a miss.
   */
  prepared?: PreparedOutputs;
  /** The merchant's fiat record of a remote sale of `sats` at the current price (or held jump). */
  fiatFor?: RemoteFiatLookup;
  /** Proofs of a quote were stored (once per quote). */
  onSettled(settled: QuoteSettled): void;
  /** The mint issued the quote without our outputs; its row is closed already. */
  onIssuedElsewhere(quote: PendingMintQuote, error: MintRefusedError): Promise<void>;
}

/** At most this many mint/recover rounds per attempt; then the attempt is retried later. */
const MAX_ROUNDS = 6;

/**
 * Finishes paid mint quotes. A quote row carrying a counter reservation may have been signed: it
 * is only ever finished by NUT-09 restore of that range or by re-sending the very same outputs,
 * never by minting with new counters. Callers hold the quote's cross-tab lock around `settle`.
 */
export class QuoteMinter {
  private readonly checkpoint: Checkpoint;

  constructor(private readonly deps: QuoteMinterDeps) {
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
  }

  /** Mints (or recovers) a paid quote; 'watch' when the mint says it is not paid after all. */
  async settle(id: string, observed?: MintQuoteStateName): Promise<'done' | 'watch'> {
    const { quotes } = this.deps;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const quote = await quotes.get(id);
      if (!quote) return 'done'; // settled by another tab or delivery
      if (await this.mintsWhileLocked(quote)) {
        const outcome = await this.settleWhileLocked(quote, round === 0 ? observed : undefined);
        if (outcome === 'again') continue;
        return outcome;
      }
      // The quote's unit picks the keysets: cents are minted on the usd keyset, never on sat's.
      const { wallet, seed } = await this.deps.wallets.getSeededWallet(
        quote.mintUrl,
        quoteUnit(quote),
      );

      let reservation: CounterReservation;
      let fresh: boolean;
      if (quote.reservation) {
        const outcome = await this.recover(wallet, quote, quote.reservation);
        if (outcome === 'settled' || outcome === 'final') return 'done';
        if (outcome === 'unpaid') return 'watch';
        if (outcome === 'stale') continue;
        reservation = quote.reservation; // nothing signed: send the very same outputs again
        fresh = false;
      } else {
        if (round === 0 && observed === 'ISSUED') {
          await this.issuedElsewhere(quote);
          return 'done';
        }
        reservation = await this.reserve(wallet, quote);
        fresh = true;
      }

      try {
        const proofs = await mintReserved(
          wallet,
          seed,
          {
            quote: quote.quote,
            amount: quote.amount,
            reservation,
            ...(quote.pubkey
              ? {
                  pubkey: quote.pubkey,
                  privkey: await this.privkeyFor(quote.pubkey),
                }
              : {}),
          },
          this.deps.prepared,
        );
        await this.checkpoint('mint:signed');
        await this.store(quote, proofs.map(toNewProof));
        return 'done';
      } catch (error) {
        const code = refusalCode(error);
        if (code === NutCode.outputsAlreadySigned && fresh) {
          // Our brand-new counters were used before (wallet restored from its phrase):
          // the mint did nothing now, so skip past the used range and mint again.
          await this.skipAhead(wallet, reservation);
          await quotes.update(id, { reservation: undefined });
          continue;
        }
        if (
          code === NutCode.outputsAlreadySigned ||
          code === NutCode.quoteAlreadyIssued ||
          isAmbiguous(error)
        ) {
          // Maybe signed: the next round restores the reserved range before anything else.
          this.deps.logger.warn(`Mint request for ${id} ended ambiguously; recovering`, error);
          continue;
        }
        if ((code === NutCode.keysetInactive || code === NutCode.keysetUnknown) && fresh) {
          this.deps.logger.info(`Mint ${quote.mintUrl} rotated its keyset; reloading the wallet`);
          this.deps.wallets.invalidate(quote.mintUrl);
          await quotes.update(id, { reservation: undefined });
          continue;
        }
        if (code === NutCode.quoteNotPaid) {
          await quotes.update(id, { reservation: undefined, state: 'UNPAID' });
          return 'watch';
        }
        throw error;
      }
    }
    throw new MintUnreachableError(`Mint quote ${id} could not be settled yet`);
  }

  private async seedSealed(): Promise<boolean> {
    return (await this.deps.seedSealed?.()) ?? false;
  }

  /** The NUT-20 signing key for a quote's lock: the sales inbox key, else the Nostr key. */
  private async privkeyFor(quotePubkey: string): Promise<string> {
    const inbox = await this.deps.inboxKeyFor?.(quotePubkey);
    return signingKeyForQuote(quotePubkey, inbox ?? (await this.deps.getSigningKey()));
  }

  /**
   * A quote with a locked journal is finished that way, locked or not. A new mint takes that way
   * only while the seed is sealed, and a NUT-20 quote only when it is locked to the sales inbox
   * key: the Nostr key is sealed too.
   */
  private async mintsWhileLocked(quote: PendingMintQuote): Promise<boolean> {
    if (quote.lockedOutputs) return true;
    if (quote.reservation) return false;
    if (quote.pubkey && !(await this.deps.inboxKeyFor?.(quote.pubkey))) return false;
    return this.seedSealed();
  }

  /**
   * One round of minting with random outputs (decision 0024): the outputs are journaled on the
   * quote row before the request, and a journal already there is first restored (NUT-09), then
   * re-sent as it is if nothing was signed. 'again': the next round looks at the quote anew.
   */
  private async settleWhileLocked(
    quote: PendingMintQuote,
    observed?: MintQuoteStateName,
  ): Promise<'done' | 'watch' | 'again'> {
    const wallet = await this.deps.wallets.getSeedlessWallet(quote.mintUrl, quoteUnit(quote));
    let journal: LockedOutputs;
    let fresh: boolean;
    if (quote.lockedOutputs) {
      const outcome = await this.recoverLocked(wallet, quote, quote.lockedOutputs);
      if (outcome === 'settled' || outcome === 'final') return 'done';
      if (outcome === 'unpaid') return 'watch';
      journal = quote.lockedOutputs;
      fresh = false;
    } else {
      if (observed === 'ISSUED') {
        await this.issuedElsewhere(quote);
        return 'done';
      }
      const made = newLockedOutputs(wallet, quote.amount, this.deps.salesPublicKey?.());
      journal = made.journal;
      if (this.deps.lockedBackup) {
        // Kept before the journal: once the outputs are sealed in it, no PIN-less step reads
        // their secrets again (decision 0050).
        await this.deps.lockedBackup.keep({
          source: 'quote',
          ref: quote.quote,
          mintUrl: quote.mintUrl,
          amount: quote.amount,
          unit: quoteUnit(quote),
          keysetId: journal.keysetId,
          outputs: made.plain,
        });
        await this.checkpoint('mint:backup-kept');
      }
      await this.deps.quotes.update(quote.quote, { lockedOutputs: journal, state: 'PAID' });
      await this.checkpoint('mint:outputs-journaled');
      fresh = true;
    }
    // On a relay before the mint is asked, or pending after a short wait (decision 0050).
    await this.deps.lockedBackup?.send('quote', quote.quote);
    await this.checkpoint('mint:backup-offered');
    try {
      const proofs = await mintLocked(wallet, {
        quote: quote.quote,
        amount: quote.amount,
        journal,
        ...(quote.pubkey
          ? { pubkey: quote.pubkey, privkey: await this.privkeyFor(quote.pubkey) }
          : {}),
      });
      await this.checkpoint('mint:signed');
      await this.store(quote, proofs);
      return 'done';
    } catch (error) {
      const code = refusalCode(error);
      if (
        code === NutCode.outputsAlreadySigned ||
        code === NutCode.quoteAlreadyIssued ||
        isAmbiguous(error)
      ) {
        this.deps.logger.warn(
          `Locked mint for ${quote.quote} ended ambiguously; recovering`,
          error,
        );
        return 'again';
      }
      if ((code === NutCode.keysetInactive || code === NutCode.keysetUnknown) && fresh) {
        this.deps.wallets.invalidate(quote.mintUrl);
        await this.deps.quotes.update(quote.quote, { lockedOutputs: undefined });
        return 'again';
      }
      if (code === NutCode.quoteNotPaid) {
        await this.deps.quotes.update(quote.quote, { lockedOutputs: undefined, state: 'UNPAID' });
        return 'watch';
      }
      throw error;
    }
  }

  /** As `recover`, for journaled random outputs: nobody else holds them, so what is signed is ours. */
  private async recoverLocked(
    wallet: Wallet,
    quote: PendingMintQuote,
    journal: LockedOutputs,
  ): Promise<'settled' | 'resend' | 'final' | 'unpaid'> {
    let signed;
    try {
      signed = await restoreLocked(wallet, journal);
    } catch (error) {
      throw toMintError(error);
    }
    if (signed.length > 0) {
      await this.store(quote, signed);
      return 'settled';
    }
    return this.afterNothingSigned(wallet, quote, { lockedOutputs: undefined });
  }

  /**
   * Reserves counters for the outputs and records the reservation before any request: in one
   * transaction where the quote store keeps the counters too (MintQuoteStore.reserveOutputs).
   */
  private reserve(wallet: Wallet, quote: PendingMintQuote): Promise<CounterReservation> {
    const { quotes } = this.deps;
    const together = quotes.reserveOutputs?.bind(quotes);
    return reserveAndRecord(
      'mint',
      this.deps.counters,
      outputCountFor(wallet, quote.amount),
      (reservation) => quotes.update(quote.quote, { reservation, state: 'PAID' }),
      this.checkpoint,
      together && ((wanted) => together(quote.quote, wanted)),
    );
  }

  /**
   * What did the mint sign for this reservation? 'settled' when our outputs were signed and are
   * now stored; 'resend' when nothing was signed and the quote is still PAID; 'stale' when the
   * range holds someone else's (an earlier install's) signatures; 'final' when the quote was
   * issued without our outputs; 'unpaid' when the mint says it was never paid.
   */
  private async recover(
    wallet: Wallet,
    quote: PendingMintQuote,
    reservation: CounterReservation,
  ): Promise<'settled' | 'resend' | 'stale' | 'final' | 'unpaid'> {
    let restored;
    try {
      restored = await restoreReservation(wallet, reservation);
    } catch (error) {
      throw toMintError(error);
    }
    if (restored.signed.length > 0) {
      const found = restored.unspent.map(toNewProof);
      // By secret, not by listing: a locked till cannot list the sealed ones (decision 0030).
      const stored = await this.deps.proofs.unspentOf(found.map((p) => p.secret));
      const ours = found.filter((p) => !stored.has(p.secret));
      if (sumSats(ours) === quote.amount) {
        await this.store(quote, ours);
        return 'settled';
      }
      // Already in our store and the row gone: another tab settled this range while we looked.
      if (!(await this.deps.quotes.get(quote.quote))) return 'settled';
      this.deps.logger.warn(
        `Counter range ${reservation.start}+${reservation.count} of ${reservation.keysetId} was signed before; skipping ahead`,
      );
      await this.skipAhead(wallet, reservation);
      await this.deps.quotes.update(quote.quote, { reservation: undefined });
      return 'stale';
    }
    return this.afterNothingSigned(wallet, quote, { reservation: undefined });
  }

  /**
   * The mint signed none of our outputs: its quote state says what is left. ISSUED: issued
   * without our outputs ('final'); UNPAID: never paid, so the outputs are dropped from the row
   * (`forget`) and it waits again ('unpaid'); PAID: the outputs may be sent again ('resend').
   */
  private async afterNothingSigned(
    wallet: Wallet,
    quote: PendingMintQuote,
    forget: Pick<Partial<PendingMintQuote>, 'reservation' | 'lockedOutputs'>,
  ): Promise<'final' | 'unpaid' | 'resend'> {
    let state: MintQuoteStateName;
    try {
      state = (await mintQuoteClient(wallet.mint).check(quote.quote)).state;
    } catch (error) {
      throw toMintError(error);
    }
    if (state === 'ISSUED') {
      await this.issuedElsewhere(quote);
      return 'final';
    }
    if (state === 'UNPAID') {
      await this.deps.quotes.update(quote.quote, { ...forget, state: 'UNPAID' });
      return 'unpaid';
    }
    return 'resend';
  }

  private async skipAhead(wallet: Wallet, reservation: CounterReservation): Promise<void> {
    let next: number;
    try {
      next = await firstUnusedCounter(wallet, reservation.keysetId, reservation.start);
    } catch (error) {
      throw toMintError(error);
    }
    await this.deps.counters.advanceToAtLeast(
      reservation.keysetId,
      Math.max(next, reservation.start + reservation.count),
    );
  }

  private async issuedElsewhere(quote: PendingMintQuote): Promise<void> {
    await this.deps.ledger.closeMintQuote(quote.quote, 'issued-elsewhere');
    const issued = new MintRefusedError(
      'Tokens have already been issued for this quote',
      NutCode.quoteAlreadyIssued,
    );
    await this.deps.onIssuedElsewhere(quote, issued);
  }

  private async store(
    quote: PendingMintQuote,
    given: NewProof[],
    restoreRow = true,
  ): Promise<void> {
    const unit = quoteUnit(quote);
    // Stored with their keyset's unit (the quote's), so cents are totalled apart from sats.
    const proofs = unit === 'sat' ? given : given.map((proof) => ({ ...proof, unit }));
    const amount = sumSats(proofs);
    const fiat =
      quote.fiat ??
      (quote.kind === 'remote' && unit === 'sat'
        ? await remoteSaleFiat(
            this.deps.fiatFor,
            amount,
            this.deps.logger,
            // Stated for the invoice's amount: other sats paid out get the merchant's own record.
            amount === quote.amount ? quote.cashierFiat : undefined,
          )
        : undefined);
    const { settled, balance, balances } = await this.deps.ledger.settleMintQuote({
      quote: quote.quote,
      mintUrl: quote.mintUrl,
      proofs,
      event: {
        type: quote.kind === 'remote' ? 'remote-payment' : 'direct-payment',
        amount,
        mintUrl: quote.mintUrl,
        quoteId: quote.quote,
        request: quote.request,
        ...(unit === 'sat' ? {} : { unit }),
        ...(fiat ? { fiat } : {}),
        // The sale's lines add up to the invoice's amount; a mint that paid out other sats leaves
        // the record off rather than keep parts that do not add up to the row.
        ...(quote.sale && amount === quote.amount ? { sale: quote.sale } : {}),
        ...(quote.staff ? { staff: quote.staff } : {}),
      },
    });
    if (!settled) {
      if (!restoreRow || (await this.alreadyStored(proofs))) {
        this.deps.logger.info(`Mint quote ${quote.quote} was already settled`);
        return;
      }
      // These proofs were signed for our outputs, yet the row is gone (another process gave
      // the quote up): the sats are ours and recorded nowhere. Put the row back and settle.
      this.deps.logger.warn(`Mint quote ${quote.quote} vanished while minting; settling anyway`);
      await this.deps.quotes.put(quote);
      return this.store(quote, proofs, false);
    }
    // The totals read in the committed transaction: Home shows them without reading them again.
    this.deps.events.emitUpdated({ reason: 'payment', amount, ...(balances ? { balances } : {}) });
    this.deps.onSettled({ quote, amount, kind: quote.kind, balance });
  }

  private async alreadyStored(proofs: NewProof[]): Promise<boolean> {
    const stored = await this.deps.proofs.unspentOf(proofs.map((p) => p.secret));
    return stored.size > 0;
  }
}
