// The soak's end check: what it calls a mismatch (a lost, doubled or stale sat, a missing or extra
// history row) and what it accepts (known proofs the other device spent).
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

function device(
  proofs: StoredProof[],
  history: HistoryEvent[],
  name: DeviceName = 'device-1',
): DeviceFacts {
  const balance = proofs.reduce((sum, p) => sum + p.amount, 0);
  return { name, balance, proofs, history, leftovers: [] };
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

  it('leaves out a proof the other device spent only while told to, and names any other spent proof', () => {
    const { model, facts, proofs } = oneSale();
    // device-1 also took a 16-sat sale, proof c; device-2 restored c and withdrew it to a customer.
    model.sales.push({ op: 1, kind: 'local', device: 'device-1', key: 'q2', value: 16 });
    model.look('device-2', ['c']);
    model.look('device-2', []);
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
    const after = mint({
      quotePaid: new Map([
        ['q1', true],
        ['q2', true],
      ]),
      proofState: new Map([...facts.proofState, ['c', 'SPENT']]),
    });
    const d1 = device(
      [...proofs, proof('c', 16)],
      [row('direct-payment', 12, { quoteId: 'q1' }), row('direct-payment', 16, { quoteId: 'q2' })],
    );
    const d2 = device([], [row('restore', 16), row('withdrawal', 16)], 'device-2');
    model.scans.push({ op: 2, device: 'device-2' });

    const known = finalCheck(model, after, [d1, d2]);
    expect(known.mismatches).toEqual([]);
    expect(known.knownStale['device-1']).toEqual({ proofs: 1, sats: 16 });

    const strict = finalCheck(model, after, [d1, d2], { excludeKnownStale: false });
    expect(strict.mismatches.map((m) => m.what)).toEqual([
      'a stored proof of 16 sats is SPENT at the mint',
    ]);
  });

  it('expects a token of proofs the other device spent to be recorded as redeemed, the rest cancelled', () => {
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
    expect(report.knownRows).toBe(1);
    expect(report.mismatches.filter((m) => /row/.test(m.what))).toEqual([]);
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
