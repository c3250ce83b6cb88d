// What a mint said of the stored proofs, recorded in one transaction: spent ones removed with one
// history row, pending ones marked and counted apart, our own tokens', swaps' and melts' proofs
// never touched, sealed rows kept sealed; each mint's last check remembered.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PendingMelt } from '../../core/wallet/cash-out/ports';
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import {
  centsProof,
  closedAfterEach,
  consolidationJournal,
  MINT_A,
  MINT_B,
  proof,
} from '../../testing/storage/db';
import { PROOF_STATES_KEY } from './proof-state-store';

const storages = closedAfterEach();

const answer = (parts: { spent?: string[]; pending?: string[]; unspent?: string[] }) => ({
  mintUrl: MINT_A,
  spent: parts.spent ?? [],
  pending: parts.pending ?? [],
  unspent: parts.unspent ?? [],
});

const token = (secrets: string[]): PendingWithdrawal => ({
  id: 'withdrawal-1',
  mintUrl: MINT_A,
  token: 'cashuBx',
  secrets,
  amount: 8,
  createdAt: 1,
});

const melt = (inputSecrets: string[], inputAmount: number): PendingMelt => ({
  quote: 'melt-1',
  mintUrl: MINT_A,
  request: 'lnbc10n1melt',
  amount: 1,
  feeReserve: 1,
  inputFee: 0,
  inputSecrets,
  inputAmount,
  createdAt: 1,
  expiry: null,
});

describe('DexieProofStateStore.record', () => {
  it('removes the spent proofs with one spent-elsewhere row, and nothing twice', async () => {
    const s = storages.open();
    await s.proofs.add([proof('a', 4), proof('b', 8), proof('c', 16)], MINT_A);
    await s.proofs.add([proof('other-mint', 32)], MINT_B);
    const recorded = await s.proofStates.record(answer({ spent: ['a', 'b'], unspent: ['c'] }));
    expect(recorded).toEqual({ amount: 12, numProofs: 2, pendingSats: 0, changed: true });
    expect(await s.proofs.balance(MINT_A)).toBe(16);
    expect(await s.proofs.balance(MINT_B)).toBe(32);
    const { events } = await s.history.page(1);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'spent-elsewhere',
        amount: 12,
        mintUrl: MINT_A,
        metadata: '{"numProofs":2}',
      }),
    ]);
    // A second tab with the same answer: nothing left to remove, no second row.
    expect(await s.proofStates.record(answer({ spent: ['a', 'b'] }))).toMatchObject({
      amount: 0,
      changed: false,
    });
    expect((await s.history.page(1)).total).toBe(1);
  });

  it('records dollars spent elsewhere on a row of their own, never in the sats', async () => {
    const s = storages.open();
    await s.proofs.add([proof('a', 4), centsProof('u', 350), centsProof('p', 50)], MINT_A);
    const recorded = await s.proofStates.record(answer({ spent: ['a', 'u'], pending: ['p'] }));
    expect(recorded).toEqual({ amount: 4, numProofs: 2, pendingSats: 0, changed: true });
    const rows = (await s.history.page(1)).events.map((e) => [
      e.amount,
      JSON.parse(e.metadata ?? '{}'),
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [4, { numProofs: 1 }],
        [350, { numProofs: 1, unit: 'usd' }],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await s.proofs.unitBalances()).toEqual([
      { mintUrl: MINT_A, amount: { unit: 'usd', minor: 50 } },
    ]);
  });

  it("never touches our own token's, swap's or melt's proofs, whatever the mint said", async () => {
    const s = storages.open();
    await s.proofs.add(
      [proof('in-token', 8), proof('in-swap', 4), proof('in-melt', 2), proof('free', 1)],
      MINT_A,
    );
    await s.withdrawals.put(token(['in-token']));
    await s.withdrawals.put(consolidationJournal('consolidation-1', ['in-swap']));
    expect(await s.ledger.beginMelt(melt(['in-melt'], 2))).toBe(true);
    const recorded = await s.proofStates.record(
      answer({ spent: ['in-token', 'in-swap', 'in-melt', 'free'] }),
    );
    expect(recorded).toMatchObject({ amount: 1, numProofs: 1 });
    const left = (await s.db.proofs.toArray()).map((row) => row.secret).sort();
    expect(left).toEqual(['in-melt', 'in-swap', 'in-token']);
    // Marked pending neither: they are spent by us.
    await s.proofStates.record(answer({ pending: ['in-token', 'in-swap'] }));
    expect(await s.proofStates.pendingSats()).toEqual({});
  });

  it('marks pending proofs and counts them apart, and clears the mark when unspent again', async () => {
    const s = storages.open();
    await s.proofs.add([proof('p', 16), proof('q', 4), proof('r', 1)], MINT_A);
    s.now.value = 5_000;
    expect(await s.proofStates.record(answer({ pending: ['p', 'q'], unspent: ['r'] }))).toEqual({
      amount: 0,
      numProofs: 0,
      pendingSats: 20,
      changed: true,
    });
    expect(await s.proofStates.pendingSats()).toEqual({ [MINT_A]: 20 });
    const marked = (await s.proofs.listUnspent(MINT_A)).filter((p) => p.mintPending === 5_000);
    expect(marked.map((p) => p.secret).sort()).toEqual(['p', 'q']);
    // Still in the balance: nothing left it.
    expect(await s.proofs.balance(MINT_A)).toBe(21);
    // Asked again later: one paid (spent), one back.
    expect(await s.proofStates.record(answer({ spent: ['p'], unspent: ['q', 'r'] }))).toMatchObject(
      { amount: 16, pendingSats: 0 },
    );
    expect(await s.proofStates.pendingSats()).toEqual({});
    expect((await s.proofs.listUnspent(MINT_A)).some((p) => p.mintPending)).toBe(false);
  });

  it('marks a sealed row without opening it (a till with a PIN)', async () => {
    const s = storages.open();
    await s.lock.setPin('482915');
    await s.proofs.add([proof('sealed', 8)], MINT_A);
    const [row] = await s.db.proofs.toArray();
    expect(row?.sealed).toBeDefined();
    await s.proofStates.record(answer({ pending: ['sealed'] }));
    const [after] = await s.db.proofs.toArray();
    expect(after).toMatchObject({ secret: row?.secret, C: '', sealed: row?.sealed });
    expect(after?.mintPending).toBeDefined();
    expect(await s.proofStates.pendingSats()).toEqual({ [MINT_A]: 8 });
  });

  it("keeps each proof's Y once worked out, on plain and sealed rows, and through sealing", async () => {
    const s = storages.open();
    await s.proofs.add([proof('plain', 2)], MINT_A);
    await s.proofStates.record({ ...answer({}), ys: { plain: '02aa' } });
    expect(await s.db.proofs.get('plain')).toMatchObject({ Y: '02aa', C: expect.any(String) });
    // Setting the PIN seals the row; its Y stays beside the amount.
    await s.lock.setPin('482915');
    await s.proofs.add([proof('sealed', 4)], MINT_A);
    await s.proofStates.record({ ...answer({}), ys: { sealed: '02bb' } });
    const rows = await s.db.proofs.toArray();
    expect(rows.map((row) => [row.Y, row.C, row.sealed !== undefined]).sort()).toEqual([
      ['02aa', '', true],
      ['02bb', '', true],
    ]);
    const listed = await s.proofs.listUnspent(MINT_A);
    expect(listed.map((p) => [p.secret, p.Y]).sort()).toEqual([
      ['plain', '02aa'],
      ['sealed', '02bb'],
    ]);
    expect(await s.proofs.balance(MINT_A)).toBe(6);
  });

  it('remembers when each mint was last checked, by its normalised URL', async () => {
    const s = storages.open();
    s.now.value = 42_000;
    await s.proofStates.record({ ...answer({}), mintUrl: `${MINT_A}/` });
    expect(await s.proofStates.lastChecks()).toEqual({ [MINT_A]: 42_000 });
    // An unreadable row reads as never checked.
    await s.db.config.put({ key: PROOF_STATES_KEY, value: '{nope', updatedAt: 1 });
    expect(await s.proofStates.lastChecks()).toEqual({});
  });
});
