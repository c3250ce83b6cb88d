// EcashReceiver against the real dev mint and Dexie storage: a sale paid in ecash lands once, and
// every refusal or fault (spent, short, wrong mint, malformed, lost answer, reload) stores nothing twice.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { OutputData, type Proof, type Wallet } from '@cashu/cashu-ts';
import {
  fund,
  newWallet,
  startTestMint,
  token,
  type TestMint,
} from '../../../../dev/mint/test-support';
import { MALFORMATIONS } from '../../../../dev/mint/malform';
import type { TestStorage } from '../../../testing/storage/db';
import { devMints } from '../../../testing/wallet/dev-mints';
import { ecashReceiverOn } from '../../../testing/wallet/ecash-receiver';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import type { Checkpoint } from '../../checkpoint';
import { newSalesKey } from '../../lock/sales-seal';
import type { LockedOutputs } from '../mint/ports';
import { isSealedOutput } from '../mint/sealed-journal';
import { MALFORMED_ECASH_MESSAGE } from './ecash-input';
import {
  ecashLockKey,
  LOCKED_ELSEWHERE_MESSAGE,
  LOCKED_WAIT_MESSAGE,
  NOT_LOCKED_MESSAGE,
} from './ecash-lock';
import {
  ECASH_DLEQ_MESSAGE,
  ECASH_SPENT_MESSAGE,
  type EcashReceiver,
  MALFORMED_TOKEN_MESSAGE,
  notAcceptedMessage,
  shortMessage,
  type EcashPayment,
} from './ecash-receiver';

let mint: TestMint;
let feeMint: TestMint;
let otherMint: TestMint;
const mints = devMints(async () => {
  mint = await startTestMint();
  // 1000 ppk: every input costs 1 sat
  feeMint = await startTestMint({ inputFeePpk: 1000 });
  otherMint = await startTestMint();
  return [mint, feeMint, otherMint];
});

interface Till {
  storage: TestStorage;
  receiver: EcashReceiver;
}

/** A merchant on `url`; pass `storage` of an earlier till to "reload the page" on the same data. */
async function till(
  url: string,
  options: {
    storage?: TestStorage;
    checkpoint?: Checkpoint;
    sealed?: boolean;
    salesPublicKey?: string;
  } = {},
): Promise<Till> {
  const { storage, wallets } = await mints.tillStorage(url, options.storage);
  const receiver = ecashReceiverOn(storage, wallets, {
    seedSealed: async () => options.sealed ?? false,
    ...(options.salesPublicKey ? { salesPublicKey: () => options.salesPublicKey } : {}),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
  });
  return { storage, receiver };
}

async function customerProofs(
  on: TestMint,
  amount: number,
): Promise<{ wallet: Wallet; proofs: Proof[] }> {
  const wallet = await newWallet(on.url);
  return { wallet, proofs: await fund(wallet, on, amount) };
}

function payment(on: TestMint, proofs: unknown, amount: number, id = 'req-1'): EcashPayment {
  return { id, mintUrl: on.url, proofs, unit: 'sat', amount };
}

async function ecashEvents(storage: TestStorage) {
  return (await storage.history.page(1, 100)).events.filter((e) => e.type === 'ecash-payment');
}

async function nothingStored(storage: TestStorage): Promise<void> {
  expect(await storage.proofs.balance()).toBe(0);
  expect(await ecashEvents(storage)).toEqual([]);
  expect(await storage.ecashReceipts.list()).toEqual([]);
}

describe('EcashReceiver', () => {
  it('a sale paid in ecash lands once: swapped, stored, recorded as an ecash sale', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 21);

    const result = await receiver.receive(payment(mint, proofs, 21));

    expect(result).toMatchObject({
      status: 'received',
      amount: 21,
      tipSats: 0,
      fee: 0,
      balance: 21,
    });
    expect(await storage.proofs.balance()).toBe(21);
    // the customer's proofs were swapped: spending them again is impossible
    for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(true);
    const stored = await storage.proofs.listUnspent();
    expect(stored.some((p) => proofs.some((q) => q.secret === p.secret))).toBe(false);
    const [event] = await ecashEvents(storage);
    expect(event).toMatchObject({ amount: 21, quoteId: 'req-1', mintUrl: mint.url });
    expect(event?.sale).toMatchObject({ method: 'ecash', subtotalSats: 21, tipSats: 0 });
    expect(await storage.ecashReceipts.list()).toEqual([]);
  });

  it('a payment readied while its request is open lands once, into the outputs prepared then', async () => {
    const { storage, receiver } = await till(mint.url);
    await receiver.receive(payment(mint, (await customerProofs(mint, 3)).proofs, 3, 'req-0'));
    await receiver.prepare(mint.url, 21);
    const derive = vi.spyOn(OutputData, 'createDeterministicData');
    mints.afterTest(() => derive.mockRestore());
    const { proofs } = await customerProofs(mint, 21);

    const result = await receiver.receive(payment(mint, proofs, 21));

    expect(result).toMatchObject({ status: 'received', amount: 21, balance: 24 });
    expect(derive).not.toHaveBeenCalled();
    expect(await storage.proofs.balance()).toBe(24);
    expect(await ecashEvents(storage)).toHaveLength(2);
  });

  it('the same payload twice lands once', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 8);
    const [a, b] = await Promise.all([
      receiver.receive(payment(mint, proofs, 8)),
      receiver.receive(payment(mint, proofs, 8)),
    ]);
    expect([a.status, b.status].sort()).toEqual(['duplicate', 'received']);
    expect(await receiver.receive(payment(mint, proofs, 8))).toMatchObject({ status: 'duplicate' });
    expect(await storage.proofs.balance()).toBe(8);
    expect(await ecashEvents(storage)).toHaveLength(1);
  });

  it('an overpayment is kept and recorded as the tip', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 25);
    const result = await receiver.receive(payment(mint, proofs, 20));
    expect(result).toMatchObject({ status: 'received', amount: 25, tipSats: 5 });
    expect((await ecashEvents(storage))[0]?.sale).toMatchObject({ subtotalSats: 20, tipSats: 5 });
  });

  it('the swap fee comes out of the customer’s ecash: a payment that does not cover it is short', async () => {
    const { storage, receiver } = await till(feeMint.url);
    const { proofs } = await customerProofs(feeMint, 3); // 2 + 1: two inputs, 2 sats fee
    await expect(receiver.receive(payment(feeMint, proofs, 3))).rejects.toThrow(
      shortMessage(3, 2, 3),
    );
    await nothingStored(storage);
    const { proofs: more } = await customerProofs(feeMint, 4); // one input, 1 sat fee
    const result = await receiver.receive(payment(feeMint, more, 3, 'req-2'));
    expect(result).toMatchObject({ status: 'received', amount: 3, fee: 1 });
    const [event] = await ecashEvents(storage);
    expect(JSON.parse(event?.metadata ?? '{}')).toEqual({ inputFee: 1 });
  });

  it('a short amount stores nothing and leaves the proofs unspent', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 5);
    await expect(receiver.receive(payment(mint, proofs, 6))).rejects.toThrow(shortMessage(5, 0, 6));
    await nothingStored(storage);
    for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(false);
  });

  it('ecash from a mint the merchant does not take is refused with the mint named', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(otherMint, 5);
    await expect(receiver.receive(payment(otherMint, proofs, 5))).rejects.toThrow(
      notAcceptedMessage(otherMint.url),
    );
    await nothingStored(storage);
  });

  it('proofs of another mint sent as this mint’s are refused before anything is stored', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(otherMint, 5);
    await expect(receiver.receive(payment(mint, proofs, 5))).rejects.toThrow();
    await nothingStored(storage);
  });

  it('a mint signature whose DLEQ proof does not check out is refused; nothing stored, the ecash unspent', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 5);
    const [first, ...rest] = proofs;
    expect(first?.dleq).toBeDefined();
    const s = first!.dleq!.s;
    const forged = {
      ...first!,
      dleq: { ...first!.dleq!, s: `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}` },
    };
    await expect(receiver.receive(payment(mint, [forged, ...rest], 5))).rejects.toThrow(
      ECASH_DLEQ_MESSAGE,
    );
    await nothingStored(storage);
    for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(false);
  });

  it.each([
    ['no proofs', []],
    ['not a list', 'cashuA'],
    ['a negative amount', [{ id: '00aa', amount: -1, secret: 's', C: '02ab' }]],
    ['a missing signature', [{ id: '00aa', amount: 1, secret: 's' }]],
  ])('a malformed payment (%s) stores nothing', async (_name, proofs) => {
    const { storage, receiver } = await till(mint.url);
    await expect(receiver.receive(payment(mint, proofs, 1))).rejects.toThrow(
      MALFORMED_ECASH_MESSAGE,
    );
    await nothingStored(storage);
  });

  it('ecash already spent is reported and nothing is stored', async () => {
    const { storage, receiver } = await till(mint.url);
    const { wallet, proofs } = await customerProofs(mint, 13);
    await wallet.receive(token(mint.url, proofs)); // the customer spends them first
    await expect(receiver.receive(payment(mint, proofs, 13))).rejects.toThrow(ECASH_SPENT_MESSAGE);
    await nothingStored(storage);
  });

  it('a lost swap answer is recovered from the mint: the sale lands once', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 34);
    mint.addFault({ path: '/v1/swap', method: 'POST', action: 'dropResponse', count: 1 });
    const result = await receiver.receive(payment(mint, proofs, 34));
    expect(result).toMatchObject({ status: 'received', amount: 34 });
    expect(await storage.proofs.balance()).toBe(34);
    expect(await ecashEvents(storage)).toHaveLength(1);
  });

  it.each(MALFORMATIONS.filter((m) => m !== 'keysetIdMismatch'))(
    'a swap reply spoilt after the mint swapped (%s): the sale lands once, every stored proof real',
    async (malform) => {
      const { storage, receiver } = await till(mint.url);
      const { proofs } = await customerProofs(mint, 34);
      mint.addFault({ path: '/v1/swap', method: 'POST', action: 'malform', malform, count: 1 });

      const result = await receiver.receive(payment(mint, proofs, 34));

      expect(result).toMatchObject({ status: 'received', amount: 34 });

      expect(await storage.proofs.balance()).toBe(34);
      expect(await ecashEvents(storage)).toHaveLength(1);
      expect(await storage.ecashReceipts.list()).toEqual([]);
      const stored = await storage.proofs.listUnspent();
      const states = await (await newWallet(mint.url)).checkProofsStates(stored);
      expect(states.every((s) => s.state === 'UNSPENT')).toBe(true);
    },
  );

  it('a mint that fails before swapping keeps the ecash journaled; start-up finishes it once', async () => {
    const { storage, receiver } = await till(mint.url);
    const { proofs } = await customerProofs(mint, 9);
    mint.addFault({ path: '/v1/swap', method: 'POST', action: 'error500' });
    mint.addFault({ path: '/v1/restore', method: 'POST', action: 'error500' });
    await expect(receiver.receive(payment(mint, proofs, 9))).rejects.toThrow();
    expect(await storage.proofs.balance()).toBe(0);
    expect(await storage.ecashReceipts.list()).toHaveLength(1);
    mint.clearFaults();

    // What start-up repair recorded is handed back, once, for the screen to announce.
    expect(await receiver.resumeAll()).toMatchObject([
      { status: 'received', id: 'req-1', amount: 9 },
    ]);
    expect(await receiver.resumeAll()).toEqual([]);
    expect(await storage.proofs.balance()).toBe(9);
    expect(await ecashEvents(storage)).toHaveLength(1);
    expect(await storage.ecashReceipts.list()).toEqual([]);
  });

  it.each([
    'ecash:journaled',
    'ecash:counters-reserved',
    'ecash:reservation-recorded',
    'ecash:signed',
  ] as const)('a tab that dies at %s lands the sale once after the next start', async (step) => {
    const frozen = freezeAt(step);
    const first = await till(mint.url, { checkpoint: frozen.checkpoint });
    const { proofs } = await customerProofs(mint, 17);
    void first.receiver.receive(payment(mint, proofs, 17));
    await frozen.reached;

    const second = await till(mint.url, { storage: first.storage });
    await second.receiver.resumeAll();
    // the customer's payload arrives again (another relay): still once
    expect(await second.receiver.receive(payment(mint, proofs, 17))).toMatchObject({
      status: 'duplicate',
    });
    expect(await second.storage.proofs.balance()).toBe(17);
    expect(await ecashEvents(second.storage)).toHaveLength(1);
    expect(await second.storage.ecashReceipts.list()).toEqual([]);
  });

  describe('a locked till (its seed sealed, decision 0024)', () => {
    it('swaps into random outputs journaled first: the sale lands once, flagged for the swap after the PIN', async () => {
      const { storage, receiver } = await till(mint.url, { sealed: true });
      const { proofs } = await customerProofs(mint, 5);
      const journaled = vi.fn();
      const seen = await till(mint.url, {
        storage,
        sealed: true,
        checkpoint: async (step) => {
          if (step === 'ecash:outputs-journaled') {
            journaled((await storage.ecashReceipts.list())[0]?.lockedOutputs?.outputs.length);
          }
        },
      });
      expect(await seen.receiver.receive(payment(mint, proofs, 5))).toMatchObject({
        status: 'received',
        amount: 5,
      });
      expect(journaled).toHaveBeenCalledWith(2); // 4 + 1, on the row before the swap was sent
      for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(true);
      expect(await receiver.receive(payment(mint, proofs, 5))).toMatchObject({
        status: 'duplicate',
      });
      expect(await storage.proofs.balance()).toBe(5);
      expect(await ecashEvents(storage)).toHaveLength(1);
      expect(await storage.ecashReceipts.list()).toEqual([]);
      const stored = await storage.proofs.listUnspent();
      expect(stored.every((p) => p.random === true)).toBe(true);
    });

    it('with a PIN set, the journal holds no secret or blinding factor: the swap lands blind and counts at once', async () => {
      const { publicKey } = newSalesKey();
      const { storage } = await till(mint.url, { sealed: true });
      const { proofs } = await customerProofs(mint, 5);
      const journals: unknown[] = [];
      const seen = await till(mint.url, {
        storage,
        sealed: true,
        salesPublicKey: publicKey,
        checkpoint: async (step) => {
          if (step === 'ecash:outputs-journaled') {
            journals.push((await storage.ecashReceipts.list())[0]?.lockedOutputs);
          }
        },
      });
      expect(await seen.receiver.receive(payment(mint, proofs, 5))).toMatchObject({
        status: 'received',
        amount: 5,
      });
      const journal = journals[0] as LockedOutputs;
      expect(journal.outputs).toHaveLength(2);
      expect(journal.outputs.every((output) => isSealedOutput(output))).toBe(true);
      expect(JSON.stringify(journal)).not.toMatch(/"secret"|"blindingFactor"/);
      expect(await storage.proofs.balance()).toBe(5);
      expect(await ecashEvents(storage)).toHaveLength(1);
      for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(true);
    });

    it('a lost answer is restored from the journaled outputs; a tab that died after journaling lands once at the next start, still locked', async () => {
      const { storage, receiver } = await till(mint.url, { sealed: true });
      const { proofs } = await customerProofs(mint, 12);
      mint.addFault({ path: '/v1/swap', method: 'POST', action: 'dropResponse', count: 1 });
      expect(await receiver.receive(payment(mint, proofs, 12))).toMatchObject({
        status: 'received',
        amount: 12,
      });
      expect(await storage.proofs.balance()).toBe(12);

      const frozen = freezeAt('ecash:signed');
      const first = await till(mint.url, { sealed: true, checkpoint: frozen.checkpoint });
      const more = await customerProofs(mint, 7);
      void first.receiver.receive(payment(mint, more.proofs, 7, 'req-2'));
      await frozen.reached;
      expect(await first.storage.proofs.balance()).toBe(0);
      const second = await till(mint.url, { storage: first.storage, sealed: true });
      await second.receiver.resumeAll();
      await second.receiver.resumeAll();
      expect(await second.storage.proofs.balance()).toBe(7);
      expect(await ecashEvents(second.storage)).toHaveLength(1);
      expect(await second.storage.ecashReceipts.list()).toEqual([]);
    });

    it('spent ecash is reported and nothing is stored', async () => {
      const { storage, receiver } = await till(mint.url, { sealed: true });
      const { wallet, proofs } = await customerProofs(mint, 13);
      await wallet.receive(token(mint.url, proofs));
      await expect(receiver.receiveToken(token(mint.url, proofs), { amount: 13 })).rejects.toThrow(
        ECASH_SPENT_MESSAGE,
      );
      await nothingStored(storage);
    });
  });

  describe('a request locked to the merchant (NUT-10/11 P2PK)', () => {
    /** What a customer's wallet sends for a locked request: proofs locked to `pubkey`. */
    async function lockedProofs(on: TestMint, amount: number, pubkey: string): Promise<Proof[]> {
      const wallet = await newWallet(on.url);
      const quote = await wallet.createMintQuoteBolt11(amount);
      await on.pay(quote.quote);
      return wallet.mintProofsBolt11(amount, quote.quote, undefined, {
        type: 'p2pk',
        options: { pubkey },
      });
    }
    const tillKey = async (storage: TestStorage) => {
      const seed = await storage.keys.getSeed();
      if (!seed) throw new Error('no seed');
      return ecashLockKey(seed).pubkey;
    };
    const locked = (on: TestMint, proofs: unknown, amount: number, id = 'req-1') => ({
      ...payment(on, proofs, amount, id),
      lockRequired: true,
    });

    it('proofs locked to the till’s key land once, the swap signing them', async () => {
      const { storage, receiver } = await till(mint.url);
      const proofs = await lockedProofs(mint, 21, await tillKey(storage));
      expect(await receiver.receive(locked(mint, proofs, 21))).toMatchObject({
        status: 'received',
        amount: 21,
      });
      for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(true);
      expect(await storage.proofs.balance()).toBe(21);
      expect(await ecashEvents(storage)).toHaveLength(1);
      const stored = await storage.proofs.listUnspent();
      expect(stored.every((p) => !p.secret.startsWith('['))).toBe(true);
    });

    it('locked to another key, or plain for a locked request: refused with the reason, nothing stored', async () => {
      const { storage, receiver } = await till(mint.url);
      const elsewhere = await lockedProofs(mint, 8, ecashLockKey(new Uint8Array(64)).pubkey);
      await expect(receiver.receive(locked(mint, elsewhere, 8))).rejects.toThrow(
        LOCKED_ELSEWHERE_MESSAGE,
      );
      const { proofs: plain } = await customerProofs(mint, 8);
      await expect(receiver.receive(locked(mint, plain, 8))).rejects.toThrow(NOT_LOCKED_MESSAGE);
      await nothingStored(storage);
      for (const p of [...elsewhere, ...plain]) expect(mint.isSpent(p.secret)).toBe(false);
    });

    it('a locked till waits for the PIN: nothing stored; a journal from before the reload is swapped only after it', async () => {
      const first = await till(mint.url, { checkpoint: freezeAt('ecash:journaled').checkpoint });
      const pubkey = await tillKey(first.storage);
      const sealed = await till(mint.url, { storage: first.storage, sealed: true });
      const early = await lockedProofs(mint, 5, pubkey);
      await expect(sealed.receiver.receive(locked(mint, early, 5))).rejects.toThrow(
        LOCKED_WAIT_MESSAGE,
      );
      await nothingStored(first.storage);

      const proofs = await lockedProofs(mint, 9, pubkey);
      void first.receiver.receive(locked(mint, proofs, 9));
      await vi.waitFor(async () =>
        expect(await first.storage.ecashReceipts.list()).toHaveLength(1),
      );
      await sealed.receiver.resumeAll();
      expect(await first.storage.ecashReceipts.list()).toHaveLength(1);
      for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(false);

      const unlocked = await till(mint.url, { storage: first.storage });
      await unlocked.receiver.resumeAll();
      expect(await first.storage.proofs.balance()).toBe(9);
      expect(await ecashEvents(first.storage)).toHaveLength(1);
      expect(await first.storage.ecashReceipts.list()).toEqual([]);
    });
  });

  describe('a token pasted at the keypad', () => {
    it('lands once for the typed amount, the overpayment as the tip; pasted again, duplicate', async () => {
      const { storage, receiver } = await till(mint.url);
      const { proofs } = await customerProofs(mint, 25);
      const text = token(mint.url, proofs);
      expect(await receiver.receiveToken(`  ${text}\n`, { amount: 21 })).toMatchObject({
        status: 'received',
        amount: 25,
        tipSats: 4,
      });
      expect(await receiver.receiveToken(text, { amount: 21 })).toMatchObject({
        status: 'duplicate',
      });
      expect(await storage.proofs.balance()).toBe(25);
      const events = await ecashEvents(storage);
      expect(events).toHaveLength(1);
      expect(events[0]?.sale).toMatchObject({ subtotalSats: 21, tipSats: 4, method: 'ecash' });
    });

    it.each([
      ['not a token', 'hello'],
      ['a cut-off token', 'cashuBo2FteBxodHRwOi8v'],
      ['an invoice', 'lnbc10n1p0'],
    ])('%s stores nothing', async (_name, text) => {
      const { storage, receiver } = await till(mint.url);
      await expect(receiver.receiveToken(text, { amount: 1 })).rejects.toThrow(
        MALFORMED_TOKEN_MESSAGE,
      );
      await nothingStored(storage);
    });

    it('a spent token and another mint’s token store nothing, each saying why', async () => {
      const { storage, receiver } = await till(mint.url);
      const { wallet, proofs } = await customerProofs(mint, 13);
      await wallet.receive(token(mint.url, proofs));
      await expect(receiver.receiveToken(token(mint.url, proofs), { amount: 13 })).rejects.toThrow(
        ECASH_SPENT_MESSAGE,
      );
      const other = await customerProofs(otherMint, 5);
      await expect(
        receiver.receiveToken(token(otherMint.url, other.proofs), { amount: 5 }),
      ).rejects.toThrow(notAcceptedMessage(otherMint.url));
      await nothingStored(storage);
    });
  });
});
