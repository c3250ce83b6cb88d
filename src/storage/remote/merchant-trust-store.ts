// The merchant side of the remote cashier on Dexie: the pairing secret, the unpaired-senders
// setting, per-relay inbox lookback, the mints the wallet has used, credited sales (for receipts)
// the last published merchant profile (docs/protocol.md "Receiving (merchant inbox)") and cashiers'
// catalog (docs/protocol.md "The cashier's catalog"), and the
// accepted mints, the mints that ever locked, the unlocked-sales setting and the refusal counts
// (docs/protocol.md "Accepted mints and locking").
import { metadataOf } from '../../core/history-metadata';
import type { Clock } from '../../core/clock';
import type {
  CreditedSale,
  MerchantTrustStore,
  RefusedCounts,
  RefusedSale,
  SentProfile,
} from '../../core/remote-payments/merchant/merchant-ports';
import type { RefusalKind } from '../../core/remote-payments/sale-judgement';
import type { PublishedCatalogRecord } from '../../core/remote-payments/merchant/catalog-publisher';
import { mintUrlKey } from '../../core/urls/normalise-url';
import { newPairingSecret, PAIRING_SECRET_BYTES } from '../../core/remote-payments/pairing';
import { isSealed, type SecretCodec } from '../../core/lock';
import { toBytes } from '../database/bytes';
import type { CashewDb } from '../database/db';
import { PLAIN_CODEC } from '../keys/plain-codec';
import { readFlag, writeFlag } from '../database/config-flag';
import { distinctIndexKeys } from '../database/distinct-keys';
import { CONFIG_KEYS, KEY_NAMES } from '../database/key-names';

/** Refused quotes remembered so a repeat is not counted twice (each key is ~80 characters). */
const REFUSED_QUOTES_KEPT = 500;

function stringList(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function sameMint(a: string, b: string): boolean {
  return mintUrlKey(a) === mintUrlKey(b);
}

export class DexieMerchantTrustStore implements MerchantTrustStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    /** seals the pairing secret under the PIN when one is set (decision 0024) */
    private readonly codec: SecretCodec = PLAIN_CODEC,
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
    // Read first: the inbox asks for every message, and a read-write transaction each time
    // would serialise every wrap a stranger sends behind the writes of the till.
    const existing = toBytes((await db.keys.get(KEY_NAMES.pairingSecret))?.value);
    if (existing && existing.length === PAIRING_SECRET_BYTES) return existing;
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
    return readFlag(this.db, CONFIG_KEYS.acceptUnpaired);
  }

  async setAcceptsUnpaired(accept: boolean): Promise<void> {
    await writeFlag(this.db, CONFIG_KEYS.acceptUnpaired, accept, this.clock());
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

  async creditedSale(quoteId: string, ecashRequest?: string): Promise<CreditedSale | undefined> {
    const ids = ecashRequest ? [quoteId, ecashRequest] : [quoteId];
    const rows = await this.db.historyEvents.where('quoteId').anyOf(ids).toArray();
    // Paid by its ecash request: the event is the request's, naming the sale's invoice it closed.
    const sale = rows.find(
      (row) =>
        (row.type === 'remote-payment' && row.quoteId === quoteId) ||
        (row.type === 'ecash-payment' &&
          row.quoteId === ecashRequest &&
          metadataOf(row).closesQuote === quoteId),
    );
    if (!sale) return undefined;
    const time = Math.floor(sale.createdAt / 1000);
    // The receipt says the sale's unit: a repeated message of a dollar sale hears of cents.
    return sale.unit && sale.unit !== 'sat'
      ? { amount: sale.amount, time, unit: sale.unit }
      : { amount: sale.amount, time };
  }

  // ------------------------------------------------------------ merchant profile

  async lastPublishedProfile(): Promise<string | undefined> {
    return (await this.db.config.get(CONFIG_KEYS.merchantProfile))?.value;
  }

  async recordPublishedProfile(profile: string): Promise<void> {
    await this.putConfig(CONFIG_KEYS.merchantProfile, profile);
  }

  /** Undefined for a row that does not read as one: the clock alone dates the next profile. */
  async sentProfile(): Promise<SentProfile | undefined> {
    const row = await this.db.config.get(CONFIG_KEYS.merchantProfileSent);
    if (!row) return undefined;
    try {
      const { id, createdAt, profile } = JSON.parse(row.value) as Record<string, unknown>;
      if (typeof id !== 'string' || typeof profile !== 'string') return undefined;
      if (!Number.isSafeInteger(createdAt)) return undefined;
      return { id, createdAt: createdAt as number, profile };
    } catch {
      return undefined;
    }
  }

  async noteSentProfile(sent: SentProfile): Promise<void> {
    const { id, createdAt, profile } = sent;
    await this.putConfig(
      CONFIG_KEYS.merchantProfileSent,
      JSON.stringify({ id, createdAt, profile }),
    );
  }

  // ------------------------------------------------------------ cashiers' catalog

  /** Undefined for a row that does not read as one: the catalog is then published again. */
  async lastPublishedCatalog(): Promise<PublishedCatalogRecord | undefined> {
    const row = await this.db.config.get(CONFIG_KEYS.cashierCatalog);
    if (!row) return undefined;
    try {
      const { digest, createdAt } = JSON.parse(row.value) as Record<string, unknown>;
      if (typeof digest !== 'string' || !Number.isSafeInteger(createdAt)) return undefined;
      return { digest, createdAt: createdAt as number, at: row.updatedAt };
    } catch {
      return undefined;
    }
  }

  async recordPublishedCatalog(published: { digest: string; createdAt: number }): Promise<void> {
    const { digest, createdAt } = published;
    await this.putConfig(CONFIG_KEYS.cashierCatalog, JSON.stringify({ digest, createdAt }));
  }

  /** One config row, stamped now. */
  private async putConfig(key: string, value: string): Promise<void> {
    await this.db.config.put({ key, value, updatedAt: this.clock() });
  }

  async profileHeldFor(): Promise<string | undefined> {
    return (await this.db.config.get(CONFIG_KEYS.merchantProfileHeldFor))?.value;
  }

  async setProfileHeldFor(pairingId: string | undefined): Promise<void> {
    const key = CONFIG_KEYS.merchantProfileHeldFor;
    if (pairingId === undefined) await this.db.config.delete(key);
    else await this.putConfig(key, pairingId);
  }

  // ------------------------------------------------------------ accepted mints

  /**
   * The current mint first, then the mints kept from before. The current mint joins the kept
   * list the first time it is read, so a mint switched away from stays accepted (its links keep
   * working) until the merchant removes it.
   */
  async acceptedMints(): Promise<string[]> {
    const { db } = this;
    const read = async () => {
      const current = (await db.config.get(CONFIG_KEYS.mintUrl))?.value ?? '';
      const kept = stringList((await db.config.get(CONFIG_KEYS.acceptedMints))?.value);
      return { current, kept };
    };
    let { current, kept } = await read();
    if (current && !kept.some((mint) => sameMint(mint, current))) {
      ({ current, kept } = await db.transaction('rw', db.config, async () => {
        const now = await read();
        if (now.current && !now.kept.some((mint) => sameMint(mint, now.current))) {
          now.kept = [now.current, ...now.kept];
          await db.config.put({
            key: CONFIG_KEYS.acceptedMints,
            value: JSON.stringify(now.kept),
            updatedAt: this.clock(),
          });
        }
        return now;
      }));
    }
    const others = kept.filter((mint) => !current || !sameMint(mint, current));
    return current ? [current, ...others] : others;
  }

  /** Adds mints to the kept list (a settings backup restored); known ones are left as they are. */
  async addAcceptedMints(mintUrls: string[]): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.config, async () => {
      const kept = stringList((await db.config.get(CONFIG_KEYS.acceptedMints))?.value);
      const added = mintUrls.filter((url) => !kept.some((mint) => sameMint(mint, url)));
      if (added.length === 0) return;
      await db.config.put({
        key: CONFIG_KEYS.acceptedMints,
        value: JSON.stringify([...kept, ...added]),
        updatedAt: this.clock(),
      });
    });
  }

  async removeAcceptedMint(mintUrl: string): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.config, async () => {
      const current = (await db.config.get(CONFIG_KEYS.mintUrl))?.value ?? '';
      if (current && sameMint(current, mintUrl)) return;
      const kept = stringList((await db.config.get(CONFIG_KEYS.acceptedMints))?.value);
      await db.config.put({
        key: CONFIG_KEYS.acceptedMints,
        value: JSON.stringify(kept.filter((mint) => !sameMint(mint, mintUrl))),
        updatedAt: this.clock(),
      });
    });
  }

  // ------------------------------------------------------------ locking

  async lockingMints(): Promise<string[]> {
    return stringList((await this.db.config.get(CONFIG_KEYS.lockingMints))?.value);
  }

  async lockedBefore(mintUrl: string): Promise<boolean> {
    return (await this.lockingMints()).includes(mintUrlKey(mintUrl));
  }

  async rememberLocking(mintUrl: string): Promise<void> {
    const key = mintUrlKey(mintUrl);
    if (!key || (await this.lockedBefore(mintUrl))) return;
    const { db } = this;
    await db.transaction('rw', db.config, async () => {
      const known = stringList((await db.config.get(CONFIG_KEYS.lockingMints))?.value);
      if (known.includes(key)) return;
      await db.config.put({
        key: CONFIG_KEYS.lockingMints,
        value: JSON.stringify([...known, key]),
        updatedAt: this.clock(),
      });
    });
  }

  async acceptsUnlocked(): Promise<boolean> {
    return readFlag(this.db, CONFIG_KEYS.acceptUnlocked);
  }

  async setAcceptsUnlocked(accept: boolean): Promise<void> {
    await writeFlag(this.db, CONFIG_KEYS.acceptUnlocked, accept, this.clock());
  }

  // ------------------------------------------------------------ refusals

  private async refusals(): Promise<{ counts: RefusedCounts; recent: string[] }> {
    const counts: RefusedCounts = { unpaired: 0, mint: 0, unlocked: 0, lines: 0 };
    let recent: string[] = [];
    try {
      const stored: unknown = JSON.parse(
        (await this.db.config.get(CONFIG_KEYS.refusedMessages))?.value ?? '{}',
      );
      if (typeof stored === 'object' && stored !== null) {
        const row = stored as Record<string, unknown>;
        for (const kind of Object.keys(counts) as RefusalKind[]) {
          const value = row[kind];
          if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
            counts[kind] = value;
          }
        }
        recent = stringList(JSON.stringify(row.recent ?? []));
      }
    } catch {
      // an unreadable row counts from zero again
    }
    return { counts, recent };
  }

  async refusedCounts(): Promise<RefusedCounts> {
    return (await this.refusals()).counts;
  }

  async countRefused(sales: readonly RefusedSale[]): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.config, async () => {
      const { counts, recent } = await this.refusals();
      const seen = new Set(recent);
      for (const { kind, quote } of sales) {
        const key = `${kind}:${quote}`;
        if (seen.has(key)) continue;
        seen.add(key);
        counts[kind] += 1;
      }
      // The last quotes counted, so relays' repeats are not counted again; bounded in size.
      const kept = [...seen].slice(-REFUSED_QUOTES_KEPT);
      await db.config.put({
        key: CONFIG_KEYS.refusedMessages,
        value: JSON.stringify({ ...counts, recent: kept }),
        updatedAt: this.clock(),
      });
    });
  }
}
