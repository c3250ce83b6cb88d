// The soak's end check: what it calls a mismatch (a lost, doubled or stale sat, a missing or extra
// history row, a replica unlike its origin, a spent-elsewhere row the other device did not cause).
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../src/core/history-ports.ts';
import type { StoredProof } from '../../src/core/wallet/proof-ports.ts';
import {
  finalCheck,
  historyNet,
  Model,
  overRefunded,
  type DeviceFacts,
  type DeviceName,
  type HistoryRow,
  type MintFacts,
} from './model.ts';

const MINT = 'http://127.0.0.1:1';

function proof(secret: string, amount: number): StoredProof {
  return { secret, amount, id: '00ab', C: '02', mintUrl: MINT, createdAt: 1, isSpent: false };
}

let nextId = 1;
function row(type: HistoryEvent['type'], amount: number, extra: Partial<HistoryEvent> = {}) {
  return { id: nextId++, createdAt: 1_000, type, amount, mintUrl: MINT, ...extra } as HistoryEvent;
}

function mint(facts: Partial<MintFacts> = {}): MintFacts {
  return { quotePaid: new Map(), proofState: new Map(), melts: new Map(), ...facts };
}

const KEY1 = '1'.repeat(64);
const KEY2 = '2'.repeat(64);

function device(
  proofs: StoredProof[],
  history: HistoryRow[],
  name: DeviceName = 'device-1',
): DeviceFacts {
  const balance = proofs.reduce((sum, p) => sum + p.amount, 0);
  const deviceKey = name === 'device-1' ? KEY1 : KEY2;
  return { name, deviceKey, balance, proofs, history, leftovers: [] };
}

/** `origin`'s copy on the phrase's other device, as the records reader imports it (0051). */
function replica(origin: HistoryRow, author: string, id: number): HistoryRow {
  return { ...origin, id, gid: `${author}:${origin.id}`, device: author };
}

/**
 * device-1 took two sales (a 4 + b 8, then c 16); device-2 restored c and withdrew it to a
 * customer; device-1's state check then removed c as spent elsewhere (unless not `reconciled`).
 * Each holds the other's replicated rows.
 */
function twoDevices({ reconciled = true } = {}) {
  const { model, proofs } = oneSale();
  model.sales.push({ op: 1, kind: 'local', device: 'device-1', key: 'q2', value: 16 });
  const c = { secret: 'c', amount: 16 };
  const d1Holds = [...proofs, c];
  model.nextRound();
  model.look('device-1', d1Holds);
  model.look('device-2', []);
  model.nextRound();
  model.look('device-1', d1Holds);
  model.look('device-2', [c]);
  model.scans.push({ op: 2, device: 'device-2' });
  model.tokens.push({
    op: 2,
    device: 'device-2',
    id: 'w',
    amount: 16,
    secrets: ['c'],
    values: [16],
    fate: 'redeemed',
    staleValue: 0,
  });
  model.nextRound();
  model.look('device-1', d1Holds);
  model.look('device-2', []);
  model.nextRound();
  model.look('device-1', reconciled ? proofs : d1Holds);
  model.look('device-2', []);
  const facts = mint({
    quotePaid: new Map([
      ['q1', true],
      ['q2', true],
    ]),
    proofState: new Map([
      ['a', 'UNSPENT'],
      ['b', 'UNSPENT'],
      ['c', 'SPENT'],
    ]),
  });
  const s1 = row('direct-payment', 12, { quoteId: 'q1' });
  const s2 = row('direct-payment', 16, { quoteId: 'q2' });
  const restore = row('restore', 16);
  const withdrawal = row('withdrawal', 16);
  const d1 = device(reconciled ? proofs : [...proofs, proof('c', 16)], [
    s1,
    s2,
    replica(withdrawal, KEY2, 100),
    ...(reconciled
      ? [row('spent-elsewhere', 16, { metadata: JSON.stringify({ numProofs: 1 }) })]
      : []),
  ]);
  const d2 = device(
    [],
    [restore, withdrawal, replica(s1, KEY1, 200), replica(s2, KEY1, 201)],
    'device-2',
  );
  return { model, facts, d1, d2 };
}

/** A model with one paid 12-sat local sale, stored as proofs a (4) and b (8). */
function oneSale() {
  const model = new Model();
  model.sales.push({ op: 0, kind: 'local', device: 'device-1', key: 'q1', value: 12 });
  const facts = mint({
    quotePaid: new Map([['q1', true]]),
    proofState: new Map([
      ['a', 'UNSPENT'],
      ['b', 'UNSPENT'],
    ]),
  });
  return { model, facts, proofs: [proof('a', 4), proof('b', 8)] };
}

describe('the soak end check', () => {
  it('passes a paid sale stored once, its sats conserved', () => {
    const { model, facts, proofs } = oneSale();
    const report = finalCheck(model, facts, [
      device(proofs, [row('direct-payment', 12, { quoteId: 'q1' })]),
    ]);
    expect(report.mismatches).toEqual([]);
    expect(report.figures).toMatchObject({ customersPaid: 12, merchantHolds: 12, unaccounted: 0 });
  });

  it('calls a sale recorded twice an unexpected row', () => {
    const { model, facts, proofs } = oneSale();
    const report = finalCheck(model, facts, [
      device(proofs, [
        row('direct-payment', 12, { quoteId: 'q1' }),
        row('direct-payment', 12, { quoteId: 'q1' }),
      ]),
    ]);
    expect(report.mismatches.map((m) => m.what)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^unexpected history row .*direct-payment/)]),
    );
  });

  it('calls a paid sale that never landed missing, and its sats lost', () => {
    const { model, facts } = oneSale();
    const report = finalCheck(model, facts, [device([], [])]);
    const what = report.mismatches.map((m) => m.what);
    expect(what).toContain('missing history row: direct-payment q1 of 12 sats');
    expect(what).toEqual(expect.arrayContaining([expect.stringMatching(/12 lost/)]));
  });

  it("passes two devices that checked their proofs and hold each other's rows once", () => {
    const { model, facts, d1, d2 } = twoDevices();
    const report = finalCheck(model, facts, [d1, d2]);
    expect(report.mismatches).toEqual([]);
    expect(report.devices['device-1']).toEqual({
      spentElsewhere: { proofs: 1, sats: 16 },
      replicas: 1,
    });
    expect(report.devices['device-2']).toEqual({
      spentElsewhere: { proofs: 0, sats: 0 },
      replicas: 2,
    });
  });

  it('calls a proof the other device spent, still stored, a mismatch', () => {
    const { model, facts, d1, d2 } = twoDevices({ reconciled: false });
    const report = finalCheck(model, facts, [d1, d2]);
    expect(report.mismatches.map((m) => m.what)).toEqual([
      'a stored proof of 16 sats is SPENT at the mint',
    ]);
  });

  it('calls a spent-elsewhere row of the wrong size, or with nothing spent elsewhere, a mismatch', () => {
    const { model, facts, d1, d2 } = twoDevices();
    d1.history.find((r) => r.type === 'spent-elsewhere')!.amount = 15;
    d2.history.push(row('spent-elsewhere', 4, { metadata: JSON.stringify({ numProofs: 1 }) }));
    const what = finalCheck(model, facts, [d1, d2]).mismatches.map((m) => m.what);
    expect(what).toEqual(
      expect.arrayContaining([
        'spent-elsewhere rows remove 1 proofs of 15 sats; the other device spent 1 proofs of 16 sats of them first',
        'spent-elsewhere rows remove 1 proofs of 4 sats; the other device spent 0 proofs of 0 sats of them first',
      ]),
    );
  });

  it('accepts proofs both devices gave up at once as removed by either, but not by both or neither', () => {
    const both = (rows: Array<'device-1' | 'device-2'>) => {
      const model = new Model();
      model.nextRound();
      model.look('device-1', [{ secret: 'x', amount: 8 }]);
      model.look('device-2', [{ secret: 'x', amount: 8 }]);
      model.nextRound();
      model.look('device-1', []);
      model.look('device-2', []);
      const removed = row('spent-elsewhere', 8, { metadata: JSON.stringify({ numProofs: 1 }) });
      const sale = row('direct-payment', 8);
      const out = row('withdrawal', 8);
      const facts = [
        device([], [sale, ...(rows.includes('device-1') ? [removed] : [out])], 'device-1'),
        device([], rows.includes('device-2') ? [row('spent-elsewhere', 8)] : [], 'device-2'),
      ];
      return finalCheck(model, mint(), facts).mismatches.filter((m) =>
        /spent-elsewhere/.test(m.what),
      );
    };
    expect(both(['device-1'])).toEqual([]);
    expect(both(['device-2'])).toEqual([]);
    expect(both([])).toHaveLength(1);
    expect(both(['device-1', 'device-2'])).toHaveLength(1);
  });

  it("expects each of the other device's replicated rows once, by its global id, as it was", () => {
    const check = (change: (d1: DeviceFacts, d2: DeviceFacts) => void) => {
      const { model, facts, d1, d2 } = twoDevices();
      change(d1, d2);
      return finalCheck(model, facts, [d1, d2]).mismatches.map((m) => m.what);
    };
    const replicaOf = (d: DeviceFacts, type: string) =>
      d.history.find((r) => r.gid !== undefined && r.type === type)!;
    expect(
      check((_d1, d2) => d2.history.splice(d2.history.indexOf(replicaOf(d2, 'direct-payment')), 1)),
    ).toEqual([
      expect.stringMatching(/^missing device-1's history row #\d+: direct-payment of 12 sats$/),
    ]);
    expect(
      check((_d1, d2) => d2.history.push({ ...replicaOf(d2, 'direct-payment'), id: 99 })),
    ).toEqual([expect.stringMatching(/^unexpected history row #99 from another device/)]);
    expect(check((d1) => (replicaOf(d1, 'withdrawal').amount = 15))).toEqual([
      expect.stringMatching(/differs from its origin #\d+: withdrawal of 16 sats$/),
    ]);
    // Restore rows say what this device found: never replicated.
    expect(
      check((d1, d2) => {
        const restore = d2.history.find((r) => r.type === 'restore')!;
        d1.history.push(replica(restore, KEY2, 98));
      }),
    ).toEqual([expect.stringMatching(/^unexpected history row #98 from another device .*restore/)]);
  });

  it('does not count a proof that came back to a device as given up', () => {
    const model = new Model();
    const x = { secret: 'x', amount: 8 };
    model.nextRound();
    model.look('device-1', [x]);
    model.nextRound();
    model.look('device-1', []);
    expect(model.spentByOther('device-2', ['x'])).toEqual(['x']);
    model.nextRound();
    model.look('device-1', [x]);
    expect(model.spentByOther('device-2', ['x'])).toEqual([]);
  });

  it('calls a token built with proofs the other device had spent a mismatch', () => {
    const model = new Model();
    model.tokens.push({
      op: 3,
      device: 'device-1',
      id: 'w1',
      amount: 12,
      secrets: ['a', 'b'],
      values: [4, 8],
      fate: 'cancelled',
      staleValue: 4,
    });
    const report = finalCheck(model, mint(), [
      device([], [row('withdrawal', 4), row('token-cancelled', 0)]),
    ]);
    expect(report.mismatches.map((m) => m.what)).toContain(
      'token w1 was built with 4 sats the other device had spent',
    );
  });

  it("adds up only this device's own rows, its spent-elsewhere rows included", () => {
    const sale = row('direct-payment', 100);
    expect(
      historyNet([
        sale,
        row('spent-elsewhere', 30),
        replica(row('withdrawal', 30), KEY2, 500),
        replica(row('direct-payment', 7), KEY2, 501),
      ]),
    ).toBe(70);
  });

  it('adds up a history with a cash-out and its fees, and change beyond what was owed', () => {
    expect(
      historyNet([
        row('direct-payment', 100),
        row('cash-out', 50, { metadata: JSON.stringify({ feePaid: 1, inputFee: 2 }) }),
        row('cash-out', 10, {
          metadata: JSON.stringify({ feePaid: 0, inputFee: 0, extraChange: 3 }),
        }),
        row('token-cancelled', 1),
      ]),
    ).toBe(100 - 53 - 10 + 3 - 1);
  });

  it('finds a sale refunded beyond its amount', () => {
    const sale = row('direct-payment', 10, { quoteId: 'q' });
    const refund = (amount: number) =>
      row('refund', amount, { metadata: JSON.stringify({ refundOf: sale.id, method: 'ecash' }) });
    expect(overRefunded('device-1', [sale, refund(6), refund(4)])).toEqual([]);
    expect(overRefunded('device-1', [sale, refund(6), refund(5)])).toHaveLength(1);
  });
});
