// Tests for the after-sale rules: receipts, backups, held ecash and a remote quote taken over.
import { describe, expect, it, vi } from 'vitest';
import type { LockState } from './lock/till-lock';
import type { PendingMintQuote } from './wallet/mint/ports';
import type { PaymentSettled } from './wallet/receive/payment-service';
import { afterSaleRules } from './after-sale';

function quote(changes: Partial<PendingMintQuote> = {}): PendingMintQuote {
  return {
    quote: 'q1',
    mintUrl: 'https://mint.example',
    amount: 21,
    request: 'lnbc1',
    kind: 'remote',
    state: 'PAID',
    createdAt: 1,
    expiry: null,
    ...changes,
  };
}

function scene(
  lockState: LockState = 'no-pin',
  takenOver = true,
  afterShown?: (run: () => void) => void,
) {
  const settled: Array<(s: PaymentSettled) => void> = [];
  const lockChanges: Array<(s: LockState) => void> = [];
  const restored: Array<() => void> = [];
  const deps = {
    payments: {
      onSettled: (listener: (s: PaymentSettled) => void) => settled.push(listener),
      takeOverRemote: vi.fn(async () => takenOver),
    },
    ecashInbox: { landHeld: vi.fn(async () => {}) },
    receipts: { send: vi.fn() },
    mintBackup: { sync: vi.fn() },
    appData: { sync: vi.fn() },
    catalog: { sync: vi.fn() },
    profile: { sync: vi.fn() },
    records: { wake: vi.fn() },
    lock: {
      state: () => lockState,
      onChange: (listener: (s: LockState) => void) => lockChanges.push(listener),
    },
    restore: { onFinished: (listener: () => void) => restored.push(listener) },
    clock: () => 1_700_000_000_999,
    ...(afterShown ? { afterShown } : {}),
  };
  const rules = afterSaleRules(deps);
  return {
    deps,
    rules,
    settle: (s: PaymentSettled) => settled.forEach((listener) => listener(s)),
    changeLock: (s: LockState) => lockChanges.forEach((listener) => listener(s)),
    finishRestore: () => restored.forEach((listener) => listener()),
  };
}

describe('afterSaleRules', () => {
  it('starts the backups and the catalog of a sale only once the sale is shown', () => {
    const shown: Array<() => void> = [];
    const s = scene('no-pin', true, (run) => shown.push(run));
    s.settle({ quote: quote({ kind: 'direct' }), amount: 21, kind: 'direct', balance: 100 });
    expect(s.deps.mintBackup.sync).not.toHaveBeenCalled();
    expect(s.deps.appData.sync).not.toHaveBeenCalled();
    expect(s.deps.catalog.sync).not.toHaveBeenCalled();
    expect(shown).toHaveLength(1);
    shown[0]!();
    expect(s.deps.mintBackup.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.appData.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.catalog.sync).toHaveBeenCalledTimes(1);
  });

  it('sends a settled remote sale its receipt, sealed for the quote lock, timed in seconds', () => {
    const s = scene();
    const q = quote({ receipt: 'cashier-pk', pubkey: 'lock-pk' });
    s.settle({ quote: q, amount: 21, kind: 'remote', balance: 100 });
    expect(s.deps.receipts.send).toHaveBeenCalledWith(
      'cashier-pk',
      { quote: 'q1', amount: 21, time: 1_700_000_000 },
      'lock-pk',
    );
  });

  it('sends no receipt for a sale at the till or a remote sale without a receipt key', () => {
    const s = scene();
    s.settle({
      quote: quote({ receipt: 'pk', kind: 'direct' }),
      amount: 21,
      kind: 'direct',
      balance: 1,
    });
    s.settle({ quote: quote(), amount: 21, kind: 'remote', balance: 1 });
    expect(s.deps.receipts.send).not.toHaveBeenCalled();
  });

  it('backs up the mint list and the settings after every sale', () => {
    const s = scene();
    s.settle({ quote: quote({ kind: 'direct' }), amount: 21, kind: 'direct', balance: 21 });
    expect(s.deps.mintBackup.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.appData.sync).toHaveBeenCalledTimes(1);
  });

  it('while locked backs up the mint list only: the settings wait for the PIN', () => {
    const s = scene('locked');
    s.settle({ quote: quote(), amount: 21, kind: 'remote', balance: 21 });
    expect(s.deps.mintBackup.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.appData.sync).not.toHaveBeenCalled();
  });

  it('at unlock backs up and reads the other devices’ records; locking does neither', () => {
    const s = scene('unlocked');
    s.changeLock('locked');
    expect(s.deps.mintBackup.sync).not.toHaveBeenCalled();
    expect(s.deps.records.wake).not.toHaveBeenCalled();
    s.changeLock('unlocked');
    expect(s.deps.mintBackup.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.appData.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.records.wake).toHaveBeenCalledTimes(1);
  });

  it('at unlock publishes the profile and the catalog a locked start could not sign', () => {
    const s = scene('locked');
    expect(s.deps.profile.sync).not.toHaveBeenCalled();
    s.changeLock('unlocked');
    expect(s.deps.profile.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.catalog.sync).toHaveBeenCalledTimes(1);
  });

  it('after a restore backs up again and syncs the cashiers’ catalog', () => {
    const s = scene();
    s.finishRestore();
    expect(s.deps.mintBackup.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.appData.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.catalog.sync).toHaveBeenCalledTimes(1);
  });

  it('when listening starts backs up and syncs the catalog', () => {
    const s = scene();
    s.rules.listening();
    expect(s.deps.mintBackup.sync).toHaveBeenCalledTimes(1);
    expect(s.deps.catalog.sync).toHaveBeenCalledTimes(1);
  });

  it('a remote quote taken over lands the ecash held for its request', async () => {
    const s = scene();
    const q = quote({ ecashRequestId: 'req-1' });
    expect(await s.rules.takeOver(q)).toBe(true);
    expect(s.deps.payments.takeOverRemote).toHaveBeenCalledWith(q);
    expect(s.deps.ecashInbox.landHeld).toHaveBeenCalledWith('req-1');
  });

  it('lands nothing when the quote was not taken over or names no ecash request', async () => {
    const refused = scene('no-pin', false);
    expect(await refused.rules.takeOver(quote({ ecashRequestId: 'req-1' }))).toBe(false);
    expect(refused.deps.ecashInbox.landHeld).not.toHaveBeenCalled();
    const plain = scene();
    expect(await plain.rules.takeOver(quote())).toBe(true);
    expect(plain.deps.ecashInbox.landHeld).not.toHaveBeenCalled();
  });
});
