// Failed ecash of other mints on real Dexie storage: handed back as exactly the customer's proofs,
// closed once without touching the balance or the history, or put back to be checked again.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getDecodedToken } from '@cashu/cashu-ts';
import { closedAfterEach, testStorage } from '../../../../testing/storage/db';
import {
  FOREIGN_KEYSET,
  FOREIGN_MINT,
  foreignEcashRow,
} from '../../../../testing/wallet/foreign-ecash-row';
import type { PendingForeignEcash } from './ports';
import {
  assertRetryable,
  closeHandedBack,
  FAILED_GONE_MESSAGE,
  handBackToken,
  listFailedForeign,
} from './foreign-failed';
import { meltRefusedMessage, NEVER_ARRIVED_MESSAGE } from './foreign-texts';

closedAfterEach();

const OTHER = FOREIGN_MINT;
const KEYSET = FOREIGN_KEYSET;

function row(id: string, failure: PendingForeignEcash['failure']): PendingForeignEcash {
  return foreignEcashRow(id, { inputs: { a: 64, b: 36 }, quote: 99, sale: 90 }, failure);
}

const refused = {
  reason: meltRefusedMessage(OTHER, 'the payment failed'),
  at: 5,
  kind: 'refused',
} as const;
const unarrived = { reason: NEVER_ARRIVED_MESSAGE, at: 6, kind: 'unarrived' } as const;

async function withRows(...rows: PendingForeignEcash[]) {
  const storage = testStorage();
  for (const r of rows) await storage.foreignEcash.begin(r);
  return storage;
}

describe('failed ecash of other mints', () => {
  it('lists only failed rows, with amount, mint, reason, time and what can be done', async () => {
    const storage = await withRows(row('r', refused), row('u', unarrived), row('m', undefined));
    expect(await listFailedForeign(storage.foreignEcash)).toEqual([
      {
        id: 'r',
        amount: 100,
        foreignMint: OTHER,
        reason: refused.reason,
        at: 5,
        kind: 'hand-back',
      },
      {
        id: 'u',
        amount: 100,
        foreignMint: OTHER,
        reason: NEVER_ARRIVED_MESSAGE,
        at: 6,
        kind: 'retry',
      },
    ]);
  });

  it('a refused row is handed back as a token of exactly its proofs at the other mint', async () => {
    const r = row('r', refused);
    const storage = await withRows(r);
    const decoded = getDecodedToken(await handBackToken(storage.foreignEcash, 'r'), [KEYSET]);
    expect(decoded.mint).toBe(OTHER);
    expect(decoded.unit).toBe('sat');
    expect(
      decoded.proofs.map((p) => ({ id: p.id, amount: Number(p.amount), secret: p.secret, C: p.C })),
    ).toEqual(r.inputs);
  });

  it('closing a handed-back row drops only it, once; proofs and history are untouched', async () => {
    const storage = await withRows(row('r', refused), row('u', unarrived));
    await storage.proofs.add(
      [{ id: KEYSET, amount: 8, secret: 'mine', C: '02' + 'c'.repeat(64) }],
      'https://ours.example',
    );
    const history = await storage.history.page(1, 100);
    await closeHandedBack(storage.foreignEcash, 'r');
    await closeHandedBack(storage.foreignEcash, 'r');
    expect(await storage.foreignEcash.get('r')).toBeUndefined();
    expect((await storage.foreignEcash.list()).map((x) => x.id)).toEqual(['u']);
    expect(await storage.proofs.balance()).toBe(8);
    expect(await storage.history.page(1, 100)).toEqual(history);
  });

  it('a row whose proofs the other mint spent is never handed back nor closed', async () => {
    const storage = await withRows(row('u', unarrived));
    await expect(handBackToken(storage.foreignEcash, 'u')).rejects.toThrow(FAILED_GONE_MESSAGE);
    await expect(closeHandedBack(storage.foreignEcash, 'u')).rejects.toThrow(FAILED_GONE_MESSAGE);
    expect(await storage.foreignEcash.get('u')).toMatchObject({ state: 'failed' });
  });

  it('a row being settled is not closed by the store', async () => {
    const storage = await withRows(row('m', undefined));
    expect(await storage.foreignEcash.closeFailed('m')).toBe(false);
    expect(await storage.foreignEcash.get('m')).toBeDefined();
  });

  it('reopen puts an unarrived row back to be checked, its failure and looks cleared; once', async () => {
    const storage = await withRows({ ...row('u', unarrived), unarrivedLooks: 10 });
    await assertRetryable(storage.foreignEcash, 'u');
    await expect(assertRetryable(storage.foreignEcash, 'missing')).rejects.toThrow(
      FAILED_GONE_MESSAGE,
    );
    expect(await storage.foreignEcash.reopen('u')).toBe(true);
    const back = await storage.foreignEcash.get('u');
    expect(back?.state).toBe('melting');
    expect(back).not.toHaveProperty('failure');
    expect(back).not.toHaveProperty('unarrivedLooks');
    expect(await storage.foreignEcash.reopen('u')).toBe(false);
  });
});
