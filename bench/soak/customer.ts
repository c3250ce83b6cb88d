// The soak's customer: pays invoices through the dev mint's pay route, pays with ecash minted for
// the purpose, and redeems the merchant's tokens in a wallet of its own (cashu-ts, random secrets).
import { getEncodedToken, Wallet, type Proof } from '@cashu/cashu-ts';
import { devMintPays, mintProofs } from '../../dev/ecash-payer.ts';
import { tokenReceiptId } from '../../src/core/wallet/ecash/ecash-receiver.ts';

export interface CustomerToken {
  token: string;
  /** the id the merchant's app files the sale under (core/wallet/ecash tokenReceiptId) */
  receiptId: string;
  secrets: string[];
  value: number;
}

export class Customer {
  private wallet: Wallet | undefined;

  constructor(private readonly mintUrl: string) {}

  /** Pays a mint quote's invoice (POST /dev/pay/{quote}: the dev mint's own Lightning). */
  pay(quote: string): Promise<void> {
    return devMintPays(this.mintUrl, quote);
  }

  /** A token of exactly `value` sats, minted for it. */
  async token(value: number): Promise<CustomerToken> {
    const proofs = await mintProofs(this.mintUrl, value);
    return {
      token: getEncodedToken({ mint: this.mintUrl, proofs, unit: 'sat' }),
      receiptId: tokenReceiptId(
        proofs.map((p) => ({ id: p.id, secret: p.secret, C: p.C, amount: p.amount.toNumber() })),
      ),
      secrets: proofs.map((p) => p.secret),
      value,
    };
  }

  /** Takes a merchant's token into the customer's wallet (a swap); the sats it got. */
  async redeem(token: string): Promise<number> {
    const wallet = await this.loaded();
    const proofs: Proof[] = await wallet.receive(token);
    return proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0);
  }

  private async loaded(): Promise<Wallet> {
    if (!this.wallet) {
      const wallet = new Wallet(this.mintUrl, { unit: 'sat' });
      await wallet.loadMint();
      this.wallet = wallet;
    }
    return this.wallet;
  }
}
