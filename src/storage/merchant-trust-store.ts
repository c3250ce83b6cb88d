// The merchant side of the remote cashier on Dexie: the pairing secret, the unpaired-senders
// setting, per-relay inbox lookback, the mints the wallet has used, credited sales (for receipts)
// and the last published merchant profile (docs/protocol.md "Receiving (merchant inbox)").
import type { Clock } from '../core/ports';
import type {
  CreditedSale,
  CreditedSaleLookup,
  KnownMintSource,
  PairingStore,
  ProfileStateStore,
  RelayCursorStore,
} from '../core/remote-payments/merchant-ports';
import { newPairingSecret, PAIRING_SECRET_BYTES } from '../core/remote-payments/pairing';
import { isSealed, type SecretCodec } from '../core/lock';
import { toBytes } from './bytes';
import type { CashewDb } from './db';
import { distinctIndexKeys } from './distinct-keys';
import { CONFIG_KEYS, KEY_NAMES } from './key-names';

/** Without a PIN: the secret is stored and read as it is. */
const PLAIN: SecretCodec = {
  protect: async (plain) => plain,
  reveal: () => Promise.reject(new Error('A sealed secret needs the till lock')),
};

export class DexieMerchantTrustStore
  implements PairingStore, RelayCursorStore, KnownMintSource, CreditedSaleLookup, ProfileStateStore
{
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    /** seals the pairing secret under the PIN when one is set (decision 0024) */
    private readonly codec: SecretCodec = PLAIN,
  ) {}

  // ------------------------------------------------------------ pairing

  /** With a PIN set, waits for it: a sealed secret opens only with the PIN's key. */
  async getOrCreateSecret(): Promise<Uint8Array> {
    const stored = await this.readSecret();
    if (stored) return stored;
    const secret = newPairingSecret();
    // Sealed before the transaction: WebCrypto inside it would let IndexedDB commit early.
    const value = await this.codec.protect(secret);
    const { db } = this;
    // One transaction: two tabs asking at once must end up with the same secret.
    const won = await db.transaction('rw', db.keys, async () => {
      const row = await db.keys.get(KEY_NAMES.pairingSecret);
      // Another tab stored one meanwhile (a malformed plain row is replaced).
      if (row && (isSealed(row.value) || toBytes(row.value)?.length === PAIRING_SECRET_BYTES)) {
        return false;
      }
      await db.keys.put({ key: KEY_NAMES.pairingSecret, value, updatedAt: this.clock() });
      return true;
    });
    return won ? secret : ((await this.readSecret()) ?? secret);
  }

  async resetSecret(): Promise<Uint8Array> {
    const secret = newPairingSecret();
    await this.db.keys.put({
      key: KEY_NAMES.pairingSecret,
      value: await this.codec.protect(secret),
      updatedAt: this.clock(),
    });
    return secret;
  }

  private async readSecret(): Promise<Uint8Array | undefined> {
    const value = (await this.db.keys.get(KEY_NAMES.pairingSecret))?.value;
    const bytes = toBytes(isSealed(value) ? await this.codec.reveal(value) : value);
    return bytes && bytes.length === PAIRING_SECRET_BYTES ? bytes : undefined;
  }

  async acceptsUnpaired(): Promise<boolean> {
    return (await this.db.config.get(CONFIG_KEYS.acceptUnpaired))?.value === 'true';
  }

  async setAcceptsUnpaired(accept: boolean): Promise<void> {
    await this.db.config.put({
      key: CONFIG_KEYS.acceptUnpaired,
      value: accept ? 'true' : 'false',
      updatedAt: this.clock(),
    });
  }

  // ------------------------------------------------------------ relay lookback

  async lastListen(relay: string): Promise<number | undefined> {
    return (await this.db.relayCursors.get(relay))?.listenedAt;
  }

  async recordListen(relay: string, seconds: number): Promise<void> {
    await this.db.relayCursors.put({ relay, listenedAt: Math.floor(seconds) });
  }

  // ------------------------------------------------------------ mints used

  async knownMints(): Promise<string[]> {
    const { db } = this;
    return db.transaction(
      'r',
      [db.config, db.proofTotals, db.historyEvents, db.mintQuotes, db.processedQuotes],
      async () => {
        const configured = (await db.config.get(CONFIG_KEYS.mintUrl))?.value;
        const fromProofs = (await db.proofTotals.toCollection().primaryKeys()) as string[];
        const fromHistory = (await distinctIndexKeys(db.historyEvents, 'mintUrl')) as string[];
        const fromQuotes = (await distinctIndexKeys(db.mintQuotes, 'mintUrl')) as string[];
        const fromClaims = (await distinctIndexKeys(db.processedQuotes, 'mintUrl')) as string[];
        const all = [configured, ...fromProofs, ...fromHistory, ...fromQuotes, ...fromClaims];
        return [...new Set(all)].filter(
          (url): url is string => typeof url === 'string' && url !== '',
        );
      },
    );
  }

  // ------------------------------------------------------------ receipts

  async creditedSale(quoteId: string): Promise<CreditedSale | undefined> {
    const rows = await this.db.historyEvents.where('quoteId').equals(quoteId).toArray();
    const sale = rows.find((row) => row.type === 'remote-payment');
    if (!sale) return undefined;
    return { amount: sale.amount, time: Math.floor(sale.createdAt / 1000) };
  }

  // ------------------------------------------------------------ merchant profile

  async lastPublishedProfile(): Promise<string | undefined> {
    return (await this.db.config.get(CONFIG_KEYS.merchantProfile))?.value;
  }

  async recordPublishedProfile(profile: string): Promise<void> {
    await this.db.config.put({
      key: CONFIG_KEYS.merchantProfile,
      value: profile,
      updatedAt: this.clock(),
    });
  }
}
