// Upgrade tests: a database written by each earlier schema (v1..v9) opens with the current
// class with every row intact, key values normalised, proof totals and history count computed.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { CashewDb } from './db';
import { freshDbName, MINT_A, MINT_B, testStorage } from '../../testing/storage/db';
import { statsOf } from '../../testing/storage/proof-stats';

/** The stores as each released version declared them (cumulative), written out independently. */
const RAW_SCHEMAS: Record<number, Record<string, string>> = {
  1: { proofs: '&secret, amount, createdAt, mintUrl, isSpent' },
  2: { proofs: '&secret, amount, createdAt, mintUrl' },
  3: { proofs: '&secret, amount, createdAt, mintUrl', processedQuotes: '&quoteId, processedAt' },
  4: {
    proofs: '&secret, amount, createdAt, mintUrl',
    processedQuotes: '&quoteId, processedAt',
    config: '&key',
  },
  5: {
    proofs: '&secret, amount, createdAt, mintUrl',
    processedQuotes: '&quoteId, processedAt',
    config: '&key',
    historyEvents: '++id, createdAt, type, mintUrl, quoteId',
  },
  6: {
    proofs: '&secret, amount, createdAt, mintUrl',
    processedQuotes: '&quoteId, processedAt',
    config: '&key',
    historyEvents: '++id, createdAt, type, mintUrl, quoteId',
    keys: '&key',
  },
};
RAW_SCHEMAS[7] = RAW_SCHEMAS[6]!;
RAW_SCHEMAS[8] = {
  ...RAW_SCHEMAS[7],
  proofs: '&secret, amount, createdAt, mintUrl, spentFlag, [mintUrl+spentFlag]',
  proofTotals: '&mintUrl',
  mintQuotes: '&quote, mintUrl, state, createdAt',
  withdrawals: '&id, mintUrl',
  counters: '&keysetId',
};
RAW_SCHEMAS[9] = { ...RAW_SCHEMAS[8], rowCounts: '&table' };
/** The tables of schema v16 and v17, as the app declared them then. */
const SCHEMA_V16 = {
  ...RAW_SCHEMAS[9],
  restoreScans: '&id',
  melts: '&quote, mintUrl, request',
  relayCursors: '&relay',
  cashierSales: '&quote, merchant, createdAt',
  cashierLinks: '&merchant',
};
const SCHEMA_V17 = {
  ...SCHEMA_V16,
  historyEvents: '++id, createdAt, type, mintUrl, quoteId, request',
};
const SCHEMA_V18 = { ...SCHEMA_V17, processedQuotes: '&quoteId, processedAt, mintUrl' };
const SCHEMA_V25 = { ...SCHEMA_V18, inboxRetries: '&id, addedAt' };
const SCHEMA_V28 = {
  ...SCHEMA_V25,
  ecashReceipts: '&id, createdAt',
  items: '&id, position',
  carts: '&id',
};

const SK = Uint8Array.from({ length: 32 }, (_, i) => i);
const SEED = Uint8Array.from({ length: 64 }, (_, i) => 200 - i);
const SK_HEX = Array.from(SK, (b) => b.toString(16).padStart(2, '0')).join('');
const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

const LEGACY_PROOFS = [
  {
    secret: 'a1',
    amount: 1,
    id: '009a1f293253e41e',
    C: '02aa',
    mintUrl: MINT_A,
    createdAt: 10,
    isSpent: false,
  },
  {
    secret: 'a2',
    amount: 2,
    id: '009a1f293253e41e',
    C: '02ab',
    mintUrl: MINT_A,
    createdAt: 11,
    isSpent: true,
  },
  {
    secret: 'a8',
    amount: 8,
    id: '009a1f293253e41e',
    C: '02ac',
    mintUrl: MINT_A,
    createdAt: 12,
    isSpent: false,
  },
  {
    secret: 'b4',
    amount: 4,
    id: '00ffd48b8f5ecf80',
    C: '02ad',
    mintUrl: MINT_B,
    createdAt: 13,
    isSpent: false,
  },
  {
    secret: 'b16',
    amount: 16,
    id: '00ffd48b8f5ecf80',
    C: '02ae',
    mintUrl: MINT_B,
    createdAt: 14,
    isSpent: true,
  },
];

/** A new database at `version` with the tables of `schema`, open for the test to fill and close. */
async function openOld(version: number, schema: Record<string, string>) {
  const name = freshDbName();
  const old = new Dexie(name);
  old.version(version).stores(schema);
  await old.open();
  return { name, old };
}

/** A database left at `version` with what `seed` wrote, opened by today's app (upgrades run). */
async function upgradedFrom(
  version: number,
  schema: Record<string, string>,
  seed: (old: Dexie) => Promise<unknown>,
) {
  const { name, old } = await openOld(version, schema);
  await seed(old);
  old.close();
  return testStorage(name);
}

/** Creates a database exactly as version `version` of the app left it, with data in every store. */
async function writeLegacy(name: string, version: number): Promise<void> {
  const old = new Dexie(name);
  old.version(version).stores(RAW_SCHEMAS[version]!);
  await old.open();
  if (version < 8) {
    await old.table('proofs').bulkAdd(LEGACY_PROOFS);
  } else {
    await old
      .table('proofs')
      .bulkAdd(LEGACY_PROOFS.map((p) => ({ ...p, spentFlag: p.isSpent ? 1 : 0 })));
    await old.table('proofTotals').bulkAdd([
      { mintUrl: MINT_A, unspentAmount: 9, unspentCount: 2, spentAmount: 2, spentCount: 1 },
      { mintUrl: MINT_B, unspentAmount: 4, unspentCount: 1, spentAmount: 16, spentCount: 1 },
    ]);
  }
  if (version >= 3) {
    await old.table('processedQuotes').add({ quoteId: 'rq1', processedAt: 5, amount: 21 });
  }
  if (version >= 4) {
    await old.table('config').bulkAdd([
      { key: 'MINT_URL', value: 'https://legacy-mint.example', updatedAt: 1 },
      { key: 'RELAYS', value: '["wss://legacy-relay.example"]', updatedAt: 1 },
      { key: 'ONBOARDED', value: 'true', updatedAt: 1 },
      { key: 'COUNTER', value: '17', updatedAt: 1 },
    ]);
  }
  if (version >= 5) {
    await old.table('historyEvents').bulkAdd([
      {
        createdAt: 1,
        type: 'direct-payment',
        amount: 9,
        mintUrl: MINT_A,
        quoteId: 'q1',
        metadata: '{"request":"lnbc1"}',
      },
      { createdAt: 2, type: 'withdrawal', amount: 3, mintUrl: MINT_A, metadata: '{"numProofs":2}' },
    ]);
  }
  if (version >= 9) {
    await old.table('rowCounts').put({ table: 'historyEvents', count: 2 });
  }
  if (version === 6) {
    // Before v7 byte keys were not stored as bytes: hex text and a JSON'd typed array.
    await old.table('keys').bulkAdd([
      { key: 'nostr-sk', value: SK_HEX, updatedAt: 1 },
      { key: 'mnemonic', value: PHRASE, updatedAt: 1 },
      { key: 'bip39-seed', value: JSON.parse(JSON.stringify(SEED)), updatedAt: 1 },
    ]);
  }
  if (version >= 7) {
    await old.table('keys').bulkAdd([
      { key: 'nostr-sk', value: SK, updatedAt: 1 },
      { key: 'mnemonic', value: PHRASE, updatedAt: 1 },
      { key: 'bip39-seed', value: SEED, updatedAt: 1 },
    ]);
  }
  old.close();
}

describe.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('upgrade from schema v%i', (version) => {
  it('keeps every row and computes proof totals and the history count', async () => {
    const name = freshDbName();
    await writeLegacy(name, version);
    const s = testStorage(name);

    const stored = await s.db.proofs.toArray();
    expect(stored.map((p) => p.secret).sort()).toEqual(LEGACY_PROOFS.map((p) => p.secret).sort());
    for (const legacy of LEGACY_PROOFS) {
      expect(await s.db.proofs.get(legacy.secret)).toMatchObject(legacy);
    }
    expect(await s.proofs.stats()).toEqual(statsOf([1, 8, 4], [2, 16]));
    expect(await s.proofs.balance(MINT_A)).toBe(9);
    expect(await s.proofs.balance(MINT_B)).toBe(4);
    expect((await s.proofs.listUnspent(MINT_A)).map((p) => p.secret).sort()).toEqual(['a1', 'a8']);
    expect((await s.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(['a1', 'a8', 'b4']);
    expect(s.db.verno).toBeGreaterThanOrEqual(28);
    // v10: no restore scan is in progress after an upgrade; v11: no melt in flight; v12: no
    // relay lookback yet, so the inbox asks every relay from 3 days back once; v16: no cashier
    // sales.
    expect(await s.restore.current()).toBeUndefined();
    expect(await s.melts.list()).toEqual([]);
    expect(await s.db.relayCursors.count()).toBe(0);
    expect(await s.db.cashierSales.count()).toBe(0);
    expect(await s.db.rowCounts.get('historyEvents')).toEqual({
      table: 'historyEvents',
      count: version >= 5 ? 2 : 0,
    });

    if (version >= 3) expect(await s.processedQuotes.isProcessed('rq1')).toBe(true);
    if (version >= 4) {
      expect(await s.config.getMintUrl()).toBe('https://legacy-mint.example');
      expect(await s.config.getRelays()).toEqual(['wss://legacy-relay.example']);
      expect(await s.config.isOnboarded()).toBe(true);
      // A keyset first used after the upgrade continues after the single legacy counter.
      expect(await s.counterSource.reserve('009a1f293253e41e', 1)).toEqual({ start: 17, count: 1 });
    }
    if (version >= 5) {
      const page = await s.history.page(1);
      expect(page.total).toBe(2);
      expect(page.events.map((e) => e.type)).toEqual(['withdrawal', 'direct-payment']);
    } else {
      expect(await s.history.page(1)).toEqual({ events: [], total: 0, page: 1, pageSize: 10 });
    }
    if (version >= 6) {
      const skRow = await s.db.keys.get('nostr-sk');
      const seedRow = await s.db.keys.get('bip39-seed');
      expect(skRow?.value).toBeInstanceOf(Uint8Array);
      expect(seedRow?.value).toBeInstanceOf(Uint8Array);
      expect(await s.keys.getSecretKey()).toEqual(SK);
      expect(await s.keys.getSeed()).toEqual(SEED);
      expect(await s.keys.getMnemonic()).toBe(PHRASE);
    }
  });
});

describe('after an upgrade', () => {
  it('keeps totals exact through later writes', async () => {
    const name = freshDbName();
    await writeLegacy(name, 2);
    const s = testStorage(name);
    await s.proofs.markSpent(['a1', 'b4']);
    await s.proofs.remove(['a2']);
    expect(await s.proofs.stats()).toEqual(statsOf([8], [1, 4, 16]));
  });

  it('opening an already-current database again changes nothing', async () => {
    const name = freshDbName();
    await writeLegacy(name, 5);
    const first = new CashewDb(name);
    await first.open();
    const totals = await first.proofTotals.toArray();
    first.close();
    const second = new CashewDb(name);
    expect(await second.proofTotals.toArray()).toEqual(totals);
    expect(await second.proofs.count()).toBe(5);
  });
});

/** A v8 database holding history rows with exactly these ids (amount = id). */
async function writeV8History(name: string, ids: number[]): Promise<void> {
  const old = new Dexie(name);
  old.version(8).stores(RAW_SCHEMAS[8]!);
  await old.open();
  await old.table('historyEvents').bulkAdd(
    ids.map((id) => ({
      id,
      createdAt: id,
      type: 'withdrawal',
      amount: id,
      mintUrl: MINT_A,
      metadata: '{"numProofs":1}',
    })),
  );
  old.close();
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('upgrade from schema v8 with history rows', () => {
  it.each([
    ['contiguous ids', range(1, 25)],
    ['ids with gaps', [...range(3, 9), ...range(20, 31), 40]],
  ])('counts the existing rows once and pages them newest first (%s)', async (_label, ids) => {
    const name = freshDbName();
    await writeV8History(name, ids);
    const s = testStorage(name);
    expect(await s.db.rowCounts.get('historyEvents')).toEqual({
      table: 'historyEvents',
      count: ids.length,
    });
    const newestFirst = [...ids].reverse();
    for (const pageNo of [1, 2, 3, 4]) {
      const page = await s.history.page(pageNo, 7);
      expect(page).toMatchObject({ total: ids.length, page: pageNo, pageSize: 7 });
      expect(page.events.map((e) => e.amount)).toEqual(
        newestFirst.slice((pageNo - 1) * 7, pageNo * 7),
      );
    }
    await s.history.addWithdrawal({ amount: 1000, mintUrl: MINT_A, numProofs: 1 });
    const first = await s.history.page(1, 7);
    expect(first.total).toBe(ids.length + 1);
    expect(first.events[0]!.amount).toBe(1000);
    expect(first.events.slice(1).map((e) => e.amount)).toEqual(newestFirst.slice(0, 6));
  });
});

describe('upgrade from schema v9 to v10', () => {
  it('adds the restore scan table and keeps a scan row across a reopen', async () => {
    const name = freshDbName();
    await writeLegacy(name, 9);
    const s = testStorage(name);
    expect(await s.restore.knownMints()).toEqual(expect.arrayContaining([MINT_A, MINT_B]));
    const row = {
      id: 'current' as const,
      startedAt: 1,
      reason: 'onboarding' as const,
      mints: [{ mintUrl: MINT_A, status: 'pending' as const, keysets: [], foundSats: 0 }],
    };
    expect(await s.restore.begin(row)).toBe(true);
    s.close();
    const again = testStorage(name);
    expect(await again.restore.current()).toEqual(row);
    expect(await again.restore.begin({ ...row, startedAt: 2 })).toBe(false);
    again.close();
  });
});

describe('upgrade from schema v11 to v14', () => {
  it('normalises every stored mint and relay URL and keeps every proof and its balance', async () => {
    const { name, old } = await openOld(11, {
      ...RAW_SCHEMAS[9],
      restoreScans: '&id',
      melts: '&quote, mintUrl, request',
    });
    const A_SLASH = 'HTTPS://Mint-A.example/';
    await old.table('proofs').bulkAdd([
      { ...LEGACY_PROOFS[0]!, mintUrl: A_SLASH, spentFlag: 0 },
      { ...LEGACY_PROOFS[2]!, mintUrl: MINT_A, spentFlag: 0 },
      { ...LEGACY_PROOFS[3]!, mintUrl: `${MINT_B}//`, spentFlag: 0 },
    ]);
    await old.table('proofTotals').bulkAdd([
      { mintUrl: A_SLASH, unspentAmount: 1, unspentCount: 1, spentAmount: 0, spentCount: 0 },
      { mintUrl: MINT_A, unspentAmount: 8, unspentCount: 1, spentAmount: 2, spentCount: 1 },
      { mintUrl: `${MINT_B}//`, unspentAmount: 4, unspentCount: 1, spentAmount: 0, spentCount: 0 },
    ]);
    await old.table('config').bulkAdd([
      { key: 'MINT_URL', value: ' https://Mint-A.example/?x=1 ', updatedAt: 1 },
      { key: 'RELAYS', value: '["wss://Relay.example/","ws://127.0.0.1:7777/"]', updatedAt: 1 },
    ]);
    await old
      .table('historyEvents')
      .add({ createdAt: 1, type: 'direct-payment', amount: 9, mintUrl: A_SLASH });
    await old
      .table('mintQuotes')
      .add({ quote: 'q1', mintUrl: A_SLASH, amount: 5, state: 'UNPAID', createdAt: 1 });
    await old
      .table('withdrawals')
      .add({ id: 'w1', mintUrl: A_SLASH, token: 't', secrets: [], amount: 1, createdAt: 1 });
    await old.table('melts').add({ quote: 'm1', mintUrl: A_SLASH, request: 'lnbc1' });
    await old.table('processedQuotes').add({ quoteId: 'rq1', processedAt: 5, mintUrl: A_SLASH });
    await old.table('restoreScans').add({
      id: 'current',
      startedAt: 1,
      reason: 'settings',
      mints: [{ mintUrl: A_SLASH, status: 'pending', keysets: [], foundSats: 0 }],
    });
    old.close();

    const s = testStorage(name);
    expect(s.db.verno).toBeGreaterThanOrEqual(14);
    expect(await s.proofs.balancesByMint()).toEqual({ [MINT_A]: 9, [MINT_B]: 4 });
    expect((await s.proofs.listUnspent(MINT_A)).map((p) => p.secret).sort()).toEqual(['a1', 'a8']);
    expect(await s.proofs.stats()).toMatchObject({ unspentProofs: 3, totalBalance: 13 });
    expect(await s.config.getMintUrl()).toBe(MINT_A);
    expect(await s.config.getRelays()).toEqual(['wss://relay.example', 'ws://127.0.0.1:7777']);
    expect((await s.db.historyEvents.toArray()).map((e) => e.mintUrl)).toEqual([MINT_A]);
    expect((await s.mintQuotes.list()).map((q) => q.mintUrl)).toEqual([MINT_A]);
    expect((await s.withdrawals.list()).map((w) => w.mintUrl)).toEqual([MINT_A]);
    expect((await s.db.melts.toArray()).map((m) => m.mintUrl)).toEqual([MINT_A]);
    expect((await s.db.processedQuotes.toArray()).map((q) => q.mintUrl)).toEqual([MINT_A]);
    expect((await s.restore.current())?.mints.map((m) => m.mintUrl)).toEqual([MINT_A]);
    s.close();
  });
});

describe('upgrade from schema v16 to v17', () => {
  it("indexes each cash-out row's invoice from its metadata and keeps every row", async () => {
    const { name, old } = await openOld(16, SCHEMA_V16);
    const cashOut = (request: string) => ({
      createdAt: 2,
      type: 'cash-out',
      amount: 5,
      mintUrl: MINT_A,
      quoteId: `melt-${request}`,
      metadata: JSON.stringify({ request, feePaid: 1, inputFee: 0, preimage: null }),
    });
    await old.table('historyEvents').bulkAdd([
      { createdAt: 1, type: 'direct-payment', amount: 9, mintUrl: MINT_A, quoteId: 'q1' },
      cashOut('lnbc-old-1'),
      cashOut('lnbc-old-2'),
      // Unreadable metadata: kept as it is, never taken for a paid invoice.
      { createdAt: 3, type: 'cash-out', amount: 4, mintUrl: MINT_A, metadata: '{not json' },
    ]);
    await old.table('rowCounts').add({ table: 'historyEvents', count: 4 });
    old.close();

    const s = testStorage(name);
    expect(await s.ledger.invoicePaid('lnbc-old-1')).toBe(true);
    expect(await s.ledger.invoicePaid('lnbc-old-2')).toBe(true);
    expect(await s.ledger.invoicePaid('lnbc-new')).toBe(false);
    const rows = await s.db.historyEvents.orderBy('id').toArray();
    expect(rows.map((row) => row.request)).toEqual([
      undefined,
      'lnbc-old-1',
      'lnbc-old-2',
      undefined,
    ]);
    expect(rows[3]!.metadata).toBe('{not json');
    expect(await s.db.rowCounts.get('historyEvents')).toEqual({
      table: 'historyEvents',
      count: 4,
    });
    s.close();
  });
});

describe('upgrade from schema v17 to v18', () => {
  it("indexes the remote claims' mints already stored and keeps every claim", async () => {
    const { name, old } = await openOld(17, SCHEMA_V17);
    await old.table('processedQuotes').bulkAdd([
      { quoteId: 'c1', amount: 5, processedAt: 1, mintUrl: MINT_A },
      { quoteId: 'c2', amount: 6, processedAt: 2, mintUrl: MINT_B },
      { quoteId: 'c3', amount: 7, processedAt: 3, mintUrl: MINT_B },
      // Written before claims recorded their mint: kept, and not a mint.
      { quoteId: 'c4', amount: 8, processedAt: 4 },
    ]);
    old.close();

    const s = testStorage(name);
    expect((await s.merchantTrust.knownMints()).sort()).toEqual([MINT_A, MINT_B].sort());
    expect(await s.db.processedQuotes.where('mintUrl').equals(MINT_B).count()).toBe(2);
    expect((await s.db.processedQuotes.toArray()).map((row) => row.quoteId)).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
    ]);
    s.close();
  });
});

describe('upgrade from schema v18 to v25', () => {
  it('adds an empty inbox retry list and keeps the relay lookbacks and claims', async () => {
    const s = await upgradedFrom(18, SCHEMA_V18, async (old) => {
      await old
        .table('relayCursors')
        .add({ relay: 'wss://relay.example', listenedAt: 1_700_000_000 });
      await old.table('processedQuotes').add({ quoteId: 'c1', amount: 5, processedAt: 1 });
    });
    expect(await s.inboxRetries.list()).toEqual([]);
    expect(await s.merchantTrust.lastListen('wss://relay.example')).toBe(1_700_000_000);
    expect(await s.db.processedQuotes.count()).toBe(1);
    s.close();
  });
});

describe('upgrade from schema v25 to v28', () => {
  it('adds an empty ecash receipt journal, catalog and cart and keeps the inbox retry list and history', async () => {
    const s = await upgradedFrom(25, SCHEMA_V25, async (old) => {
      await old.table('inboxRetries').add({ id: 'w1', addedAt: 1 });
      await old
        .table('historyEvents')
        .add({ createdAt: 1, type: 'direct-payment', amount: 9, mintUrl: MINT_A, quoteId: 'q1' });
    });
    expect(s.db.verno).toBeGreaterThanOrEqual(28);
    expect(await s.ecashReceipts.list()).toEqual([]);
    expect(await s.items.list()).toEqual([]);
    expect(await s.carts.get('current')).toBeUndefined();
    expect(await s.carts.parked()).toEqual([]);
    expect(await s.db.inboxRetries.count()).toBe(1);
    expect(await s.db.historyEvents.count()).toBe(1);
    s.close();
  });
});

describe('upgrade from schema v28 to v32', () => {
  it('adds an empty journal of ecash from other mints, found by its invoice, and keeps the ecash receipts', async () => {
    const s = await upgradedFrom(28, SCHEMA_V28, (old) =>
      old.table('ecashReceipts').add({ id: 'req-1', createdAt: 1 }),
    );
    expect(s.db.verno).toBeGreaterThanOrEqual(32);
    expect(await s.foreignEcash.list()).toEqual([]);
    expect(await s.db.ecashReceipts.count()).toBe(1);
    const row = {
      id: 'token:x',
      foreignMint: 'https://other.example',
      inputs: [],
      meltQuote: 'm1',
      feeReserve: 1,
      inputFee: 0,
      mintQuote: {
        quote: 'q1',
        mintUrl: MINT_A,
        amount: 9,
        request: 'lnbc1',
        kind: 'direct' as const,
        state: 'UNPAID' as const,
        createdAt: 1,
        expiry: null,
      },
      saleAmount: 9,
      state: 'melting' as const,
      createdAt: 1,
    };
    expect(await s.foreignEcash.begin(row)).toBe(true);
    expect(await s.foreignEcash.begin(row)).toBe(false);
    expect((await s.foreignEcash.byQuote('q1'))?.id).toBe('token:x');
    s.close();
  });
});

/** The stores of schema v32. */
const SCHEMA_V32 = {
  ...SCHEMA_V17,
  processedQuotes: '&quoteId, processedAt, mintUrl',
  inboxRetries: '&id, addedAt',
  ecashReceipts: '&id, createdAt',
  items: '&id, position',
  carts: '&id',
  foreignEcash: '&id, createdAt, mintQuote.quote',
};

/** The stores of schema v33, the last before this round's upgrades. */
const SCHEMA_V33 = { ...SCHEMA_V32, heldEcash: '&key, requestId, receivedAt' };

describe('upgrade from schema v32 to v33', () => {
  it('adds an empty store of held ecash payloads and keeps the foreign ecash journal', async () => {
    const s = await upgradedFrom(32, SCHEMA_V32, (old) =>
      old.table('foreignEcash').add({ id: 'token:x', createdAt: 1, mintQuote: { quote: 'q' } }),
    );
    expect(s.db.verno).toBeGreaterThanOrEqual(33);
    expect(await s.heldEcash.list()).toEqual([]);
    expect(await s.db.foreignEcash.count()).toBe(1);
    const row = (id: string, at: number) => ({
      key: `${id}:h`,
      requestId: id,
      content: '{}',
      receivedAt: at,
    });
    expect(await s.heldEcash.hold(row('a', 10), { max: 2, since: 0 })).toEqual([]);
    await s.heldEcash.hold(row('b', 20), { max: 2, since: 0 });
    // Over the count the oldest goes; before `since` any goes.
    expect(await s.heldEcash.hold(row('c', 30), { max: 2, since: 0 })).toEqual(['a:h']);
    expect(await s.heldEcash.hold(row('d', 40), { max: 5, since: 25 })).toEqual(['b:h']);
    expect((await s.heldEcash.list('c')).map((r) => r.key)).toEqual(['c:h']);
    s.close();
  });
});

describe('upgrade from schema v33 to v35', () => {
  it('adds an empty store of locked-sale backups and keeps the held ecash', async () => {
    const { name, old } = await openOld(33, SCHEMA_V33);
    await old.table('heldEcash').add({ key: 'a:h', requestId: 'a', content: '{}', receivedAt: 1 });
    old.close();

    const s = testStorage(name);
    expect(s.db.verno).toBeGreaterThanOrEqual(35);
    expect(await s.lockedSaleBackups.list()).toEqual([]);
    expect((await s.heldEcash.list()).map((row) => row.key)).toEqual(['a:h']);
    s.close();
  });
});

describe('upgrade from schema v33 to v36', () => {
  it('keeps the history, indexes other devices’ events by global id and starts with no batches', async () => {
    const { name, old } = await openOld(33, SCHEMA_V33);
    await old.table('historyEvents').bulkAdd([
      { createdAt: 1, type: 'direct-payment', amount: 9, mintUrl: MINT_A, quoteId: 'q1' },
      { createdAt: 2, type: 'restore', amount: 4, mintUrl: MINT_A },
    ]);
    old.close();

    const s = testStorage(name);
    expect(s.db.verno).toBeGreaterThanOrEqual(36);
    expect(await s.records.batches()).toEqual([]);
    expect(await s.records.readNotes()).toEqual([]);
    // The rows written before are this device's own: the sale goes to the relays, not the restore.
    expect((await s.records.ownEvents(0, undefined, 10)).map((e) => e.quoteId)).toEqual(['q1']);
    const other = 'b2'.repeat(32);
    const event = { id: 1, at: 3, type: 'direct-payment', sats: 5, mint: MINT_A };
    const copy = { author: other, event, digest: 'd', envelopeAt: 1 };
    expect((await s.records.importCopies([copy], 'a1'.repeat(32))).added).toBe(1);
    expect(await s.db.historyEvents.where('gid').equals(`${other}:1`).count()).toBe(1);
    // The global id is unique: a second row of it cannot be written.
    await expect(
      s.db.historyEvents.add({
        createdAt: 4,
        type: 'withdrawal',
        amount: 1,
        mintUrl: MINT_A,
        gid: `${other}:1`,
      }),
    ).rejects.toThrow();
    expect((await s.history.page(1)).total).toBe(3);
    s.close();
  });
});

const SCHEMA_V36 = {
  ...SCHEMA_V33,
  lockedSaleBackups: '&id',
  historyEvents: '++id, createdAt, type, mintUrl, quoteId, request, &gid',
  recordBatches: '&n',
  recordReads: '&key',
};

describe('upgrade from schema v36 to v41', () => {
  it('keeps the ecash journal and starts with no cached keysets and no offline sales', async () => {
    const s = await upgradedFrom(36, SCHEMA_V36, (old) =>
      old.table('ecashReceipts').add({
        id: 'token:a',
        mintUrl: MINT_A,
        inputs: [],
        amount: 5,
        fee: 0,
        createdAt: 1,
      }),
    );
    expect(s.db.verno).toBeGreaterThanOrEqual(41);
    expect(await s.keysetCache.list(MINT_A)).toEqual([]);
    expect(await s.offlineSales.list(10)).toEqual([]);
    expect((await s.ecashReceipts.list()).map((row) => row.id)).toEqual(['token:a']);
    // The secrets are indexed one by one: a sale's secret is found among others.
    const sale = {
      id: 'token:b',
      mintUrl: MINT_A,
      amount: 2,
      paid: 2,
      takenAt: 5,
      secrets: ['x', 'y'],
    };
    const journal = { id: 'token:b', mintUrl: MINT_A, inputs: [], amount: 2, fee: 0, createdAt: 5 };
    expect(await s.offlineSales.takeOffline(sale, journal, 0, () => {})).toEqual({ taken: true });
    expect(await s.offlineSales.taken(['q', 'y'])).toEqual(new Set(['y']));
    s.close();
  });
});

const SCHEMA_V41 = {
  ...SCHEMA_V36,
  mintKeysets: '&id, mintUrl',
  offlineSales: '&id, takenAt, *secrets',
};

describe('upgrade from schema v41 to v44', () => {
  it('leaves the sales recorded before numbering without a number and numbers the next from 1', async () => {
    const s = await upgradedFrom(41, SCHEMA_V41, (old) =>
      old.table('historyEvents').add({
        createdAt: 1,
        type: 'direct-payment',
        amount: 21,
        mintUrl: MINT_A,
        quoteId: 'old',
      }),
    );
    expect(s.db.verno).toBeGreaterThanOrEqual(44);
    await s.history.addPayment({
      type: 'direct-payment',
      amount: 5,
      mintUrl: MINT_A,
      quoteId: 'new',
      request: 'lnbc1',
    });
    const rows = await s.db.historyEvents.orderBy(':id').toArray();
    expect(rows.map((row) => [row.quoteId, row.receiptNumber?.slice(-7)])).toEqual([
      ['old', undefined],
      ['new', '-000001'],
    ]);
    s.close();
  });
});

describe('upgrade from schema v41 to v46', () => {
  it('tags proofs of a cached usd keyset with their unit and takes their cents out of the sats', async () => {
    const row = (secret: string, id: string, amount: number, spent: 0 | 1) => ({
      secret,
      id,
      amount,
      C: `C-${secret}`,
      mintUrl: MINT_A,
      createdAt: 1,
      isSpent: spent === 1,
      spentFlag: spent,
    });
    const keyset = (id: string, unit: string) => ({
      id,
      mintUrl: MINT_A,
      unit,
      keys: {},
      inputFeePpk: 0,
      active: true,
      savedAt: 1,
    });
    const s = await upgradedFrom(41, SCHEMA_V41, async (old) => {
      await old
        .table('proofs')
        .bulkAdd([
          row('a8', 'ks-sat', 8, 0),
          row('u350', 'ks-usd', 350, 0),
          row('u100', 'ks-usd', 100, 1),
          row('b4', 'ks-other', 4, 0),
        ]);
      // What the sats-only totals counted before units: the cents as sats.
      await old.table('proofTotals').add({
        mintUrl: MINT_A,
        unspentAmount: 362,
        unspentCount: 3,
        spentAmount: 100,
        spentCount: 1,
      });
      await old.table('mintKeysets').bulkAdd([keyset('ks-sat', 'sat'), keyset('ks-usd', 'usd')]);
    });
    expect(s.db.verno).toBeGreaterThanOrEqual(46);
    expect(await s.proofs.balance(MINT_A)).toBe(12);
    expect(await s.proofs.stats()).toEqual(statsOf([8, 4], []));
    expect(await s.proofs.unitBalances()).toEqual([
      { mintUrl: MINT_A, amount: { unit: 'sat', minor: 12 } },
      { mintUrl: MINT_A, amount: { unit: 'usd', minor: 350 } },
    ]);
    expect((await s.proofs.listUnspent(MINT_A)).map((p) => p.secret).sort()).toEqual(['a8', 'b4']);
    expect((await s.proofs.listUnspent(MINT_A, 'usd')).map((p) => p.secret)).toEqual(['u350']);
    // Sat rows are left as they were written, with no unit.
    expect((await s.db.proofs.get('a8'))?.unit).toBeUndefined();
    expect((await s.db.proofs.get('u100'))?.unit).toBe('usd');
    s.close();
  });
});

const SCHEMA_V46 = {
  ...SCHEMA_V41,
  receiptCounter: '&id',
  unitTotals: '&[mintUrl+unit], mintUrl',
};

describe('upgrade from schema v46 to v48', () => {
  it('adds an empty stock table and keeps the items, which are then counted from the first count', async () => {
    const item = {
      id: 'latte',
      name: 'Latte',
      price: { unit: 'sat', sats: 3000 },
      enabled: true,
      position: 0,
    };
    const s = await upgradedFrom(46, SCHEMA_V46, (old) => old.table('items').add(item));
    expect(s.db.verno).toBeGreaterThanOrEqual(48);
    expect(await s.items.list()).toEqual([item]);
    expect(await s.stock.rows()).toEqual([]);
    await s.stock.setCounts('latte', new Map([['latte', { count: 5, lowAt: 1 }]]));
    expect(await s.stock.rows()).toEqual([
      { key: 'latte', count: 5, at: s.now.value, left: 5, lowAt: 1 },
    ]);
    s.close();
  });
});
