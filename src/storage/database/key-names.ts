// Names of the rows in the config and keys tables (docs/architecture.md "Storage"),
// shared by stores and upgrades.

import { ONBOARDED_KEY } from '../first-screen/onboarded-key';

export { ONBOARDED_KEY };

export const CONFIG_KEYS = {
  mintUrl: 'MINT_URL',
  relays: 'RELAYS',
  onboarded: ONBOARDED_KEY,
  counter: 'COUNTER',
  shopName: 'SHOP_NAME',
  /** 'true' when payments from unpaired cashier links are taken (off by default) */
  acceptUnpaired: 'ACCEPT_UNPAIRED',
  /** the last merchant profile (kind 10019) a relay accepted, as JSON */
  merchantProfile: 'MERCHANT_PROFILE',
  /** the last profile this device signed, noted before sending it: JSON `id`, `createdAt`, `profile` */
  merchantProfileSent: 'MERCHANT_PROFILE_SENT',
  /**
   * The last cashiers' catalog a relay accepted, JSON: `digest`, SHA-256 (hex) of it with its
   * pairing secret and relays, and `createdAt`, its event's date; the row's updatedAt is when
   * (core/remote-payments/merchant/catalog-publisher.ts)
   */
  cashierCatalog: 'CASHIER_CATALOG',
  /**
   * Followed by a backup's name (`settings`, `items`, `mint-list`): the last one a relay accepted,
   * JSON `{digest, createdAt, slot?}`; the row's updatedAt is when (storage/shop/backup-notes-store.ts)
   */
  publishedBackupPrefix: 'PUBLISHED_BACKUP:',
  /** this device's pairing id when it left another device's profile alone (restore) */
  merchantProfileHeldFor: 'MERCHANT_PROFILE_HELD_FOR',
  /** mints accepted for remote sales besides the current one, JSON list (docs/protocol.md) */
  acceptedMints: 'ACCEPTED_MINTS',
  /** mint keys whose info ever listed NUT-20, JSON list: their unlocked quotes are refused */
  lockingMints: 'LOCKING_MINTS',
  /** 'true' when unlocked quotes are taken on mints that cannot lock (off by default) */
  acceptUnlocked: 'ACCEPT_UNLOCKED',
  /** 'true' when ecash of other mints is melted there to pay our invoice (off by default) */
  acceptForeignEcash: 'ACCEPT_FOREIGN_ECASH',
  /** messages refused without storing anything, by reason, JSON (Settings shows them) */
  refusedMessages: 'REFUSED_MESSAGES',
  /** wrong PINs in a row and the next allowed try, JSON (storage/keys/lock-store.ts) */
  pinAttempts: 'PIN_ATTEMPTS',
  /** 'true' when a sale's receipt is printed on settlement (off by default) */
  autoPrintReceipts: 'AUTO_PRINT_RECEIPTS',
  /** the shop's address, tax number and tax and discount rules, JSON (decision 0064) */
  books: 'BOOKS',
  /**
   * The merchant's identity public key this device last saw open and the certificate of the
   * device key to it, JSON (storage/keys/device-identity-store.ts)
   */
  deviceIdentity: 'DEVICE_IDENTITY',
  /** the language chosen in Settings ('es', 'pt-BR', …); none: the browser's (decision 0055) */
  language: 'LANGUAGE',
  /** the unit the till charges in, a unit name as mints write it; no row: sat (decision 0067) */
  tillUnit: 'TILL_UNIT',
  /**
   * Where the reads of the other devices' history stand, JSON `{at, fullAt}` in unix seconds
   * (storage/history/records-store.ts)
   */
  recordsRead: 'RECORDS_READ',
  /** the staff list, JSON; personal PINs only as scrypt hashes (storage/shop/staff-store.ts) */
  staff: 'STAFF',
  /** the staff id working this device's till; none: the owner */
  staffAtTill: 'STAFF_AT_TILL',
  /** this device's shifts, newest first, JSON (the last 100) */
  shifts: 'SHIFTS',
  /** '1': Home offers "Paid in cash" (Settings, Staff); none: it does not (the default) */
  cashSales: 'CASH_SALES',
} as const;

export const KEY_NAMES = {
  secretKey: 'nostr-sk',
  mnemonic: 'mnemonic',
  seed: 'bip39-seed',
  /** the cashier-link pairing secret (docs/protocol.md "Pairing") */
  pairingSecret: 'pairing-secret',
  /** the sales private key proofs are sealed to while a PIN is set (decision 0030) */
  salesKey: 'sales-key',
  /**
   * The sales inbox private key, plain even with a PIN set: a locked till reads remote sales and
   * mints their quotes with it (decision 0030, point 7). Never the Nostr identity key.
   */
  salesInboxKey: 'sales-inbox-key',
  /**
   * This device's own key, plain even with a PIN set: it writes the envelopes other devices of
   * the phrase read (docs/protocol.md "Device envelopes"). Never the Nostr identity key.
   */
  deviceKey: 'device-key',
  /** the PIN's salt, scrypt parameters and check value, JSON; absent without a PIN */
  lock: 'pin-lock',
} as const;

/** Keys rows whose value is bytes; every other key row holds text. */
export const BYTE_KEYS: ReadonlySet<string> = new Set([
  KEY_NAMES.secretKey,
  KEY_NAMES.seed,
  KEY_NAMES.pairingSecret,
  KEY_NAMES.salesKey,
  KEY_NAMES.salesInboxKey,
  KEY_NAMES.deviceKey,
]);

/** A non-numeric or non-finite stored counter reads as 0; fractions are dropped. */
export function parseCounter(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return 0;
  if (typeof value === 'string' && value.trim() === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
