// The mint's live state and its collaborators, built once per server from the data dir.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createKeyset, Keyring } from './keysets.ts';
import type { MintStore, StatePart } from './store.ts';
import type { SubscriptionKind } from './subscriptions.ts';
import type { MintConfig, MintState } from './types.ts';
import { UNITS } from './units.ts';
import type { PriceSource, Unit } from './units.ts';

export type Notify = (kind: SubscriptionKind, filter: string, payload: unknown) => void;

export type MintContext = {
  state: MintState;
  keyring: Keyring;
  config: MintConfig;
  /** BTC price of a fiat unit's currency, for pricing its quotes in sats. */
  prices: PriceSource;
  persist(parts: StatePart[]): void;
  notify: Notify;
  /** Called when a mint quote is created, so auto-pay can schedule it. */
  onMintQuoteCreated(quote: string): void;
  /** Called when a melt paid an invoice that is not this mint's own (to reach a peer mint). */
  onOutsidePayment?(request: string): void;
};

/**
 * Loads the saved state (or starts empty), making sure there is an identity and an active keyset
 * per unit (sat, usd, eur; or only `units`, for a mint that issues dollars only) whose fee matches the configured one; a changed fee rotates to a new
 * keyset because a keyset's fee is part of what wallets cached about it. A data dir from before
 * the fiat units gets their keysets added, its sat keyset untouched.
 */
export function loadState(
  store: MintStore,
  inputFeePpk: number,
  units: readonly Unit[] = UNITS,
): { state: MintState; keyring: Keyring; changed: boolean } {
  const saved = store.load();
  let changed = false;
  const identity = saved.identity ?? {
    mintKey: bytesToHex(secp256k1.utils.randomSecretKey()),
    nodeKey: bytesToHex(secp256k1.utils.randomSecretKey()),
  };
  if (!saved.identity) changed = true;
  const keysets = saved.keysets ?? [];
  const keyring = new Keyring(keysets);
  for (const unit of units) {
    const active = keysets.find((k) => k.active && k.unit === unit);
    if (!active) {
      keysets.push(createKeyset(inputFeePpk, unit));
      changed = true;
    } else if (active.input_fee_ppk !== inputFeePpk) {
      keyring.rotate(inputFeePpk, unit);
      changed = true;
    }
  }
  const state: MintState = {
    identity,
    keysets,
    spent: saved.spent,
    signatures: saved.signatures,
    pending: saved.pending,
    mintQuotes: saved.mintQuotes,
    meltQuotes: saved.meltQuotes,
  };
  return { state, keyring, changed };
}
