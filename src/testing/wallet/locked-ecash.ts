// Ecash locked to a key (NUT-11) with its DLEQ proofs (NUT-12), minted and swapped at a dev mint
// while it is up, for the checks a till makes without the mint; and that mint's keysets as a till
// caches them (docs/protocol.md "Ecash taken offline").
import { getEncodedToken, type P2PKOptions, type Proof, type Wallet } from '@cashu/cashu-ts';
import type { DevMint } from '../../../dev/mint/server';
import { fund } from '../../../dev/mint/test-support';
import type { CachedKeyset } from '../../core/wallet/ecash/offline/offline-ports';
import { toNewProof } from '../../core/wallet/proof-convert';
import type { NewProof } from '../../core/wallet/proof-ports';
import { mintUrlKey } from '../../core/urls/normalise-url';

/**
 * Proofs of `amount` sats locked as `p2pk` says, in `denoms` when given (e.g. twenty 1s), each
 * with its DLEQ and blinding factor, as a customer's wallet hands them over.
 */
export async function lockedProofs(
  wallet: Wallet,
  mint: DevMint,
  amount: number,
  p2pk: P2PKOptions,
  denoms?: number[],
): Promise<Proof[]> {
  // Enough for the swap's input fee on any dev keyset.
  const funded = await fund(wallet, mint, amount + 64);
  const { send } = await wallet.ops
    .send(amount, funded)
    .asP2PK(p2pk, denoms)
    .includeFees(false)
    .run();
  return send;
}

export function asNewProofs(proofs: Proof[]): NewProof[] {
  return proofs.map(toNewProof);
}

/** A cashuB token keeping the DLEQ proofs (cashu-ts strips them unless told). */
export function lockedToken(mintUrl: string, proofs: Proof[]): string {
  return getEncodedToken({ mint: mintUrl, proofs, unit: 'sat' }, { removeDleq: false });
}

/** The wallet's loaded keysets as the till keeps them at its last contact with the mint. */
export function cachedKeysets(wallet: Wallet, mintUrl: string, savedAt = 0): CachedKeyset[] {
  return wallet.keyChain
    .getKeysets()
    .filter((keyset) => keyset.hasKeys)
    .map((keyset) => ({
      id: keyset.id,
      mintUrl: mintUrlKey(mintUrl),
      unit: keyset.unit,
      keys: keyset.keys as unknown as Record<string, string>,
      inputFeePpk: keyset.fee,
      active: keyset.isActive,
      ...(keyset.expiry !== undefined ? { finalExpiry: keyset.expiry } : {}),
      savedAt,
    }));
}
