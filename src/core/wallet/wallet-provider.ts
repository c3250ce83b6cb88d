// One cashu-ts Mint per mint URL and one Wallet per mint and unit, cached; seeded (merchant) or seedless (cashier).
import {
  Mint,
  Wallet,
  type Keyset,
  type CounterSource,
  type Logger as CashuLogger,
} from '@cashu/cashu-ts';
import { MissingDataError } from '../errors';
import { mintUrlKey } from '../urls/normalise-url';
import type { KeyStore } from '../keys/ports';
import type { Logger } from '../logger';
import { SAT, type Unit } from '../units/unit';
import { assertKeysetSound, keysetKeys } from './keyset-check';
import { toMintError } from './mint-errors';
import type { KeysetCache } from './ecash/offline/offline-ports';

export const MISSING_SEED_MESSAGE = 'Can not instantiate wallet without seed in DB.';

export interface WalletProviderDeps {
  /** Where the BIP-39 seed lives; a cashier device without one uses only the seedless methods. */
  keys?: Pick<KeyStore, 'getSeed'>;
  /** NUT-13 counters, per keyset (Dexie-backed in the app). Required for seeded wallets. */
  counters?: CounterSource;
  logger?: Logger;
  /**
   * Where each loaded mint's sound keysets are kept, so ecash can be checked while the mint is
   * out of reach (docs/protocol.md "Ecash taken offline").
   */
  keysetCache?: Pick<KeysetCache, 'save'>;
  /** unix ms, for the cache's `savedAt` */
  now?: () => number;
}

export interface SeededWallet {
  wallet: Wallet;
  /** the seed the wallet was built with, for deriving outputs of a reserved counter range */
  seed: Uint8Array;
}

/**
 * cashu-ts' errors and warnings reach the app's logger; its info, debug and trace lines are its
 * own traces (socket messages, counters used, "MINT COMPLETED") and are dropped: written to the
 * console they cost a payment's turn their serialisation (docs/performance.md "Taps").
 */
export function cashuLogger(logger: Logger): CashuLogger {
  const drop = () => {};
  return {
    error: (message, context) => logger.error(message, context),
    warn: (message, context) => logger.warn(message, context),
    info: drop,
    debug: drop,
    trace: drop,
    log: (level, message, context) => {
      if (level === 'error' || level === 'warn') logger[level](message, context);
    },
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** One cache entry per mint, however its URL was written (core/urls/normalise-url.ts). */
export function mintKey(mintUrl: string): string {
  return mintUrlKey(mintUrl);
}

/**
 * A cashu-ts Wallet holds the keysets of one unit: a sat wallet never signs for cents, so each
 * unit of a mint has its own (docs/decisions/0067-amounts-carry-their-unit.md).
 */
function walletKey(mintUrl: string, unit: Unit): string {
  return `${unit} ${mintKey(mintUrl)}`;
}

/**
 * The app builds one and passes it down. Wallets are loaded (keysets, keys, info) on first use
 * and cached per mint and unit (sat when none is named); a failed load is not cached, so the next
 * call tries the mint again.
 */
export class WalletProvider {
  private readonly mints = new Map<string, Mint>();
  private readonly seeded = new Map<string, { seed: Uint8Array; wallet: Promise<Wallet> }>();
  private readonly seedless = new Map<string, Promise<Wallet>>();

  constructor(private readonly deps: WalletProviderDeps = {}) {}

  /** The shared cashu-ts Mint (HTTP + the one NUT-17 socket) for this URL. No network. */
  getMint(mintUrl: string): Mint {
    const key = mintKey(mintUrl);
    let mint = this.mints.get(key);
    if (!mint) {
      mint = new Mint(key, this.deps.logger ? { logger: cashuLogger(this.deps.logger) } : {});
      this.mints.set(key, mint);
    }
    return mint;
  }

  /** A loaded wallet with deterministic secrets from the stored seed. */
  async getWallet(mintUrl: string, unit: Unit = SAT): Promise<Wallet> {
    return (await this.getSeededWallet(mintUrl, unit)).wallet;
  }

  async getSeededWallet(mintUrl: string, unit: Unit = SAT): Promise<SeededWallet> {
    const seed = await this.deps.keys?.getSeed();
    if (!seed || seed.length === 0) throw new MissingDataError(MISSING_SEED_MESSAGE);
    const key = walletKey(mintUrl, unit);
    let entry = this.seeded.get(key);
    // Restoring from another phrase replaces the seed: never mint with the old one.
    if (!entry || !sameBytes(entry.seed, seed)) {
      const { counters } = this.deps;
      if (!counters)
        throw new MissingDataError('Can not instantiate wallet without a counter source.');
      const wallet = new Wallet(this.getMint(mintUrl), {
        unit,
        bip39seed: seed,
        counterSource: counters,
        // A mint advertising NUT-12 must send a DLEQ with every signature: without one, a bad C_
        // would be stored as a proof (docs/conformance.md, malformed replies).
        requireSigDleq: true,
        ...(this.deps.logger ? { logger: cashuLogger(this.deps.logger) } : {}),
      });
      const created: { seed: Uint8Array; wallet: Promise<Wallet> } = {
        seed,
        wallet: this.load(wallet, () => {
          if (this.seeded.get(key) === created) this.seeded.delete(key);
        }),
      };
      entry = created;
      this.seeded.set(key, entry);
    }
    return { wallet: await entry.wallet, seed: entry.seed };
  }

  /**
   * A loaded wallet to ask `mintUrl` for quotes in `unit`. Creating a quote needs no seed, so a
   * seeded wallet already built serves without reading the seed again (an IndexedDB round trip
   * on each sale's path, docs/performance.md "Taps"); else the seeded one, or the seedless one on
   * a sealed till.
   */
  async getQuoteWallet(mintUrl: string, unit: Unit = SAT, sealed = false): Promise<Wallet> {
    if (sealed) return this.getSeedlessWallet(mintUrl, unit);
    const built = this.seeded.get(walletKey(mintUrl, unit));
    return built ? built.wallet : this.getWallet(mintUrl, unit);
  }

  /** A loaded wallet without a seed (cashier device): create quotes and watch them only. */
  async getSeedlessWallet(mintUrl: string, unit: Unit = SAT): Promise<Wallet> {
    const key = walletKey(mintUrl, unit);
    let wallet = this.seedless.get(key);
    if (!wallet) {
      const fresh = new Wallet(this.getMint(mintUrl), {
        unit,
        secretsPolicy: 'random',
        // Also mints a locked till's sales (decision 0024): the same DLEQ rule as the seeded one.
        requireSigDleq: true,
        ...(this.deps.logger ? { logger: cashuLogger(this.deps.logger) } : {}),
      });
      const loading: Promise<Wallet> = this.load(fresh, () => {
        if (this.seedless.get(key) === loading) this.seedless.delete(key);
      });
      wallet = loading;
      this.seedless.set(key, wallet);
    }
    return wallet;
  }

  /** Drops the mint's cached wallets of every unit (e.g. its keysets rotated); the socket is kept. */
  invalidate(mintUrl: string): void {
    const suffix = ` ${mintKey(mintUrl)}`;
    for (const cache of [this.seeded, this.seedless]) {
      for (const key of [...cache.keys()]) if (key.endsWith(suffix)) cache.delete(key);
    }
  }

  /** Closes every mint socket (app shutdown, tests). */
  close(): void {
    for (const mint of this.mints.values()) mint.disconnectWebSocket();
  }

  /** Kept in the background: a failed write only means an older cache for offline checks. */
  private keepKeysets(mintUrl: string, keysets: Keyset[]): void {
    const cache = this.deps.keysetCache;
    if (!cache || keysets.length === 0) return;
    const savedAt = (this.deps.now ?? Date.now)();
    const rows = keysets.map((keyset) => {
      const sound = keysetKeys(keyset);
      return {
        id: sound.id,
        mintUrl: mintKey(mintUrl),
        unit: sound.unit,
        keys: sound.keys,
        inputFeePpk: sound.input_fee_ppk ?? 0,
        active: keyset.isActive,
        ...(sound.final_expiry !== undefined ? { finalExpiry: sound.final_expiry } : {}),
        savedAt,
      };
    });
    cache.save(rows).catch((error: unknown) => {
      this.deps.logger?.warn('Could not keep the mint keysets for offline checks', error);
    });
  }

  private async load(wallet: Wallet, forget: () => void): Promise<Wallet> {
    try {
      await wallet.loadMint();
      // A mint may list no keyset of this unit (one that issues dollars only): the wallet still
      // loads, so a restore there walks its keysets of other units; a spend in the unit is
      // refused when it asks for the missing keyset.
      const loaded = wallet.keyChain
        .getAllKeysetIds()
        .map((id) => wallet.keyChain.getKeyset(id))
        .filter((keyset) => keyset.unit === wallet.unit && keyset.hasKeys);
      for (const keyset of loaded) assertKeysetSound(keysetKeys(keyset));
      this.keepKeysets(wallet.mint.mintUrl, loaded);
      return wallet;
    } catch (error) {
      forget();
      throw toMintError(error);
    }
  }
}
