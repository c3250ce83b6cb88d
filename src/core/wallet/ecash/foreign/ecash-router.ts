// Where a customer's ecash goes: the merchant's mint to the receipt core, another mint to the
// melt-and-mint flow when "Accept ecash from other mints" is on (docs/protocol.md "Ecash from other mints").
import { getTokenMetadata } from '@cashu/cashu-ts';
import { ValidationError } from '../../../errors';
import { saleUnit, type Sale } from '../../../sale/sale';
import type { EcashLanded, EcashPayment, EcashReceived, EcashReceiver } from '../ecash-receiver';
import type { ForeignEcash } from './foreign-ecash';
import { shortAfterFeesWords } from './foreign-texts';
import type { OfflineTaken } from '../offline/offline-ecash';

/** A pasted token of another mint: what arrives and the fees, taken only when accepted. */
export interface ForeignTokenOffer {
  status: 'offer';
  id: string;
  foreignMint: string;
  arrive: number;
  fee: number;
  accept(): Promise<EcashReceived>;
}

/** `offline`: taken without the mint, redeemed when it answers (docs/protocol.md "Ecash taken offline"). */
export type TokenOutcome = EcashReceived | ForeignTokenOffer | OfflineTaken;

export interface EcashRouterDeps {
  local: Pick<EcashReceiver, 'receive' | 'receiveToken' | 'resumeAll'>;
  foreign: Pick<
    ForeignEcash,
    'takes' | 'receive' | 'offerToken' | 'take' | 'resumeAll' | 'onLanded'
  >;
  /** the mints whose ecash the receipt core takes (the configured mint) */
  acceptedMints(): Promise<string[]>;
}

export class EcashRouter {
  constructor(private readonly deps: EcashRouterDeps) {}

  /** A NUT-18 payload: another mint's, when taken, is settled at once if enough arrives. */
  async receive(payment: EcashPayment): Promise<EcashReceived> {
    // Another mint's ecash is melted for sats: a sale in a fiat unit takes its own mint's only.
    const sats = (payment.tillUnit ?? 'sat') === 'sat';
    if (sats && (await this.foreignMint(payment.mintUrl)))
      return this.deps.foreign.receive(payment);
    return this.deps.local.receive(payment);
  }

  /**
   * A token pasted at the keypad. Another mint's (setting on) comes back as an offer stating what
   * arrives after the fees; it must cover the typed amount, and nothing is stored until accepted.
   */
  async receiveToken(token: string, sale: Sale): Promise<TokenOutcome> {
    const { amount, fiat } = sale;
    let mint: string | undefined;
    try {
      mint = getTokenMetadata(token.trim().replace(/^cashu:/i, '')).mint;
    } catch {
      mint = undefined; // the receipt core says why it cannot be read
    }
    if (mint === undefined || saleUnit(sale) !== 'sat' || !(await this.foreignMint(mint))) {
      return this.deps.local.receiveToken(token, sale);
    }
    const offer = await this.deps.foreign.offerToken(token);
    // Accepted before and still on its way: looked at again, not offered again.
    if (offer.journaled) return this.deps.foreign.take(offer, { saleAmount: offer.arrive });
    if (offer.arrive < amount) {
      throw new ValidationError(
        shortAfterFeesWords(offer.foreignMint, offer.arrive, offer.fee, amount),
      );
    }
    return {
      status: 'offer',
      id: offer.id,
      foreignMint: offer.foreignMint,
      arrive: offer.arrive,
      fee: offer.fee,
      accept: () =>
        this.deps.foreign.take(offer, { saleAmount: amount, ...(fiat ? { fiat } : {}) }),
    };
  }

  /** Start-up repair of both journals; what landed, announced like a sale. Never rejects. */
  async resumeAll(): Promise<EcashLanded[]> {
    const [local, foreign] = await Promise.all([
      this.deps.local.resumeAll(),
      this.deps.foreign.resumeAll(),
    ]);
    return [...local, ...foreign];
  }

  /** Another mint's ecash that landed later while the page was open (announced like a sale). */
  onLanded(listener: (landed: EcashLanded) => void): () => void {
    return this.deps.foreign.onLanded(listener);
  }

  private async foreignMint(mintUrl: unknown): Promise<boolean> {
    return this.deps.foreign.takes(mintUrl, await this.deps.acceptedMints());
  }
}
