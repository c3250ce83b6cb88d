// The till lock on the real key rows (fake-indexeddb): sealed at rest, wrong-PIN waits that
// survive a reload, are shared by tabs and are not shortened by moving the clock, the money-out
// gate, and PIN changes that are all or nothing and ask for the current PIN.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freezeAt } from '../../testing/wallet/freeze-at';
import { DEFAULT_KDF, TillLock } from '../../core/lock';
import { createStorage } from '../index';
import { DexieLockStore } from './lock-store';
import { DEFAULTS, freshDbName, recordingLogger } from '../../testing/storage/db';

const SK = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const SEED = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/**
 * The machine's time: `value` is the wall clock (which the merchant, or an attacker, can set)
 * and `mono` the monotonic clock pages measure elapsed time with.
 */
interface Time {
  value: number;
  mono: number;
}

function newTime(): Time {
  return { value: 1_700_000_000_000, mono: 5_000 };
}

/** Real time passing: both clocks move. */
function pass(time: Time, ms: number) {
  time.value += ms;
  time.mono += ms;
}

/** A storage on `dbName` as a fresh page load would open it, with a clock the test moves. */
function open(
  dbName: string,
  now: Time = newTime(),
  checkpoint?: Parameters<typeof createStorage>[0]['checkpoint'],
) {
  const storage = createStorage({
    dbName,
    defaults: DEFAULTS,
    logger: recordingLogger(),
    clock: () => now.value,
    monotonic: () => now.mono,
    ...(checkpoint ? { checkpoint } : {}),
  });
  return { ...storage, now };
}

/** A PIN entered `ms` after the step before, and what the lock answers it. */
type Guess = [ms: number, pin: string, answer: Awaited<ReturnType<TillLock['enter']>>];

/** Enters each guess in turn on `page`, time passing before each, checking each answer. */
async function expectGuesses(page: ReturnType<typeof open>, guesses: Guess[]) {
  for (const [ms, pin, answer] of guesses) {
    pass(page.now, ms);
    expect(await page.lock.enter(pin), `${pin} after ${ms} ms`).toEqual(answer);
  }
}

/** The stored attempts row, as another program reading the profile would see it. */
async function storedAttempts(s: ReturnType<typeof open>) {
  const row = await s.db.config.get('PIN_ATTEMPTS');
  return row ? (JSON.parse(row.value as string) as unknown) : undefined;
}

async function withKeysAndPin(pin: string) {
  const dbName = freshDbName();
  const s = open(dbName);
  await s.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
  await s.lock.setPin(pin);
  return { dbName, s };
}

describe('till lock at rest', () => {
  it('changes nothing without a PIN: rows stay plain and readable', async () => {
    const s = open(freshDbName());
    await s.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
    await s.lock.init();
    expect(s.lock.state()).toBe('no-pin');
    expect(s.lock.gateOpen()).toBe(true);
    expect((await s.db.keys.get('mnemonic'))?.value).toBe(PHRASE);
    expect(await s.keys.getSeed()).toEqual(SEED);
  });

  it('stores phrase, seed and nostr key unreadable once a PIN is set', async () => {
    const { s } = await withKeysAndPin('4821');
    const raw = await s.db.keys.toArray();
    const text = JSON.stringify(
      raw.map((r) => (typeof r.value === 'string' ? r.value : Array.from(r.value))),
    );
    expect(text).not.toContain('abandon');
    for (const name of ['nostr-sk', 'mnemonic', 'bip39-seed']) {
      const row = raw.find((r) => r.key === name);
      expect(typeof row?.value).toBe('string');
      expect(row?.value as string).toMatch(/^sealed:v1:/);
    }
    // The same page keeps reading them (it holds the key).
    expect(await s.keys.getMnemonic()).toBe(PHRASE);
    expect(await s.keys.getSecretKey()).toEqual(SK);
  });

  it('makes a reloaded page wait for the PIN before any secret is read', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const page = open(dbName);
    await page.lock.init();
    expect(page.lock.state()).toBe('locked');
    let seed: Uint8Array | undefined;
    const reading = page.keys.getSeed().then((value) => (seed = value));
    await new Promise((r) => setTimeout(r, 50));
    expect(seed).toBeUndefined();
    expect(await page.lock.enter('4821')).toEqual({ ok: true });
    await reading;
    expect(seed).toEqual(SEED);
    expect(page.lock.state()).toBe('unlocked');
  });

  it('a tab started before another tab set the PIN locks when it meets a sealed row', async () => {
    const dbName = freshDbName();
    const first = open(dbName);
    await first.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
    const other = open(dbName);
    await other.lock.init();
    expect(other.lock.state()).toBe('no-pin');
    await first.lock.setPin('4821');
    const reading = other.keys.getSeed();
    await expect.poll(() => other.lock.state()).toBe('locked');
    await other.lock.enter('4821');
    expect(await reading).toEqual(SEED);
  });

  it('opens a lock set with the earlier N = 2^13, r = 10; a new PIN gets the default', async () => {
    const dbName = freshDbName();
    const first = open(dbName);
    await first.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
    // The lock as a release before decision 0102 set it: its parameters are in its record.
    const before = new TillLock({
      store: new DexieLockStore(first.db, () => first.now.value),
      clock: () => first.now.value,
      kdf: { n: 2 ** 13, r: 10, p: 1 },
    });
    await before.setPin('4821');
    expect(await new DexieLockStore(first.db, Date.now).readLock()).toMatchObject({
      n: 2 ** 13,
      r: 10,
    });

    const page = open(dbName);
    expect(await page.lock.enter('4821')).toEqual({ ok: true });
    expect(await page.keys.getSeed()).toEqual(SEED);
    expect(await page.lock.changePin('4821', '4822')).toMatchObject({ ok: true });
    expect(await new DexieLockStore(page.db, Date.now).readLock()).toMatchObject(DEFAULT_KDF);
    expect(DEFAULT_KDF).toEqual({ n: 2 ** 12, r: 8, p: 1 });
  });

  it('seals the pairing secret with the PIN, opens it after the PIN, and unseals it on removal', async () => {
    const dbName = freshDbName();
    const first = open(dbName);
    await first.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
    const secret = await first.merchantTrust.getOrCreateSecret();
    await first.lock.setPin('4821');
    const sealed = (await first.db.keys.get('pairing-secret'))?.value;
    expect(sealed as string).toMatch(/^sealed:v1:/);

    const page = open(dbName);
    let read: Uint8Array | undefined;
    const reading = page.merchantTrust.getOrCreateSecret().then((value) => (read = value));
    await new Promise((r) => setTimeout(r, 50));
    expect(read).toBeUndefined();
    await page.lock.enter('4821');
    expect(await reading).toEqual(secret);
    // A reset while a PIN is set is sealed too.
    const reset = await page.merchantTrust.resetSecret();
    expect((await page.db.keys.get('pairing-secret'))?.value as string).toMatch(/^sealed:v1:/);
    expect(await page.merchantTrust.getOrCreateSecret()).toEqual(reset);

    expect(await page.lock.removePin('4821')).toMatchObject({ ok: true });
    expect((await page.db.keys.get('pairing-secret'))?.value).toEqual(reset);
    expect(await open(dbName).merchantTrust.getOrCreateSecret()).toEqual(reset);
  });

  it('seals a pairing secret first created while a PIN is set', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const page = open(dbName);
    await page.lock.enter('4821');
    const secret = await page.merchantTrust.getOrCreateSecret();
    expect((await page.db.keys.get('pairing-secret'))?.value as string).toMatch(/^sealed:v1:/);
    expect(await page.merchantTrust.getOrCreateSecret()).toEqual(secret);
  });

  it('seals keys written after the PIN was set, e.g. a restore from another phrase', async () => {
    const { s } = await withKeysAndPin('4821');
    await s.keys.setSecretKey(SEED.slice(0, 32));
    expect((await s.db.keys.get('nostr-sk'))?.value as string).toMatch(/^sealed:v1:/);
    expect(await s.keys.getSecretKey()).toEqual(SEED.slice(0, 32));
  });

  it('rejects a PIN that is not 4 to 12 digits and stores nothing', async () => {
    const s = open(freshDbName());
    for (const bad of ['123', '1234567890123', '12a4', '']) {
      expect(() => s.lock.setPin(bad)).toThrow('The PIN must be 4 to 12 digits');
    }
    expect(await s.db.keys.get('pin-lock')).toBeUndefined();
  });
});

describe('wrong PINs', () => {
  it('wait 1 s, 2 s, 4 s … and the wait survives a reload', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const now = newTime();
    const page = open(dbName, now);
    await expectGuesses(page, [
      [0, '0000', { ok: false, waitMs: 1_000, wrong: true }],
      // Too early: refused without checking, with the time left.
      [400, '4821', { ok: false, waitMs: 600, wrong: false }],
      [600, '1111', { ok: false, waitMs: 2_000, wrong: true }],
      [2_000, '2222', { ok: false, waitMs: 4_000, wrong: true }],
    ]);
    expect(await storedAttempts(page)).toEqual({ failures: 3, lastFailureAt: now.value });

    const reloaded = open(dbName, now);
    expect(await reloaded.lock.waitMs()).toBe(4_000);
    expect(await reloaded.lock.enter('4821')).toEqual({ ok: false, waitMs: 4_000, wrong: false });
    pass(now, 4_000);
    expect(await reloaded.lock.enter('4821')).toEqual({ ok: true });
    expect(await reloaded.lock.waitMs()).toBe(0);
    expect(await storedAttempts(reloaded)).toEqual({ failures: 0, lastFailureAt: 0 });
    expect(await reloaded.keys.getMnemonic()).toBe(PHRASE);
  });

  it('eight tabs guessing at once get one check per wait, and the count equals the checks', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const now = newTime();
    const tabs = Array.from({ length: 8 }, () => open(dbName, now));
    await Promise.all(tabs.map((tab) => tab.lock.init()));
    for (let round = 1; round <= 3; round += 1) {
      const results = await Promise.all(
        tabs.map((tab, i) => tab.lock.enter(String(1000 + round * 10 + i))),
      );
      const checked = results.filter((r) => !r.ok && r.wrong);
      expect(checked).toHaveLength(1);
      expect(results.filter((r) => r.ok)).toHaveLength(0);
      expect(await storedAttempts(tabs[0]!)).toMatchObject({ failures: round });
      // Every tab, refused or not, is told to wait the whole step.
      for (const r of results) expect(r).toMatchObject({ waitMs: 1_000 * 2 ** (round - 1) });
      pass(now, 1_000 * 2 ** (round - 1));
    }
    expect(await tabs[3]!.lock.enter('4821')).toEqual({ ok: true });
  });

  it('a wall clock moved back waits the full step again, from the time it shows', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const now = newTime();
    const page = open(dbName, now);
    await page.lock.enter('0000');
    await page.lock.enter('1111').catch(() => undefined); // refused: the 1 s wait is running
    pass(now, 1_000);
    expect(await page.lock.enter('1111')).toMatchObject({ ok: false, waitMs: 2_000, wrong: true });
    // An hour back: the last failure is "in the future"; the 2 s start again from now.
    now.value -= 3_600_000;
    await expectGuesses(page, [
      [1_500, '2222', { ok: false, waitMs: 2_000, wrong: false }],
      [1_999, '2222', { ok: false, waitMs: 1, wrong: false }],
      [1, '2222', { ok: false, waitMs: 4_000, wrong: true }],
    ]);
    expect(await storedAttempts(page)).toEqual({ failures: 3, lastFailureAt: now.value });
  });

  it('a wall clock moved forward gives no guess before the step has really passed', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const now = newTime();
    const page = open(dbName, now);
    for (const pin of ['0000', '1111', '2222', '3333']) {
      expect(await page.lock.enter(pin)).toMatchObject({ ok: false, wrong: true });
      pass(now, await page.lock.waitMs());
    }
    expect(await page.lock.enter('4444')).toMatchObject({ ok: false, waitMs: 16_000, wrong: true });
    // A day ahead: the wall clock says the wait is long over, this page knows it is not.
    now.value += 86_400_000;
    pass(now, 1_000);
    expect(await page.lock.enter('5555')).toEqual({ ok: false, waitMs: 15_000, wrong: false });
    // A page opened now has known the failure for no time at all: the full step.
    const fresh = open(dbName, now);
    expect(await fresh.lock.enter('5555')).toEqual({ ok: false, waitMs: 16_000, wrong: false });
    pass(now, 15_000);
    expect(await page.lock.enter('5555')).toMatchObject({ ok: false, waitMs: 32_000, wrong: true });
    expect(await storedAttempts(page)).toMatchObject({ failures: 6 });
  });

  it('reads a count stored before decision 0023 with its wait', async () => {
    const { dbName, s } = await withKeysAndPin('4821');
    const now = newTime();
    await s.db.config.put({
      key: 'PIN_ATTEMPTS',
      value: JSON.stringify({ failures: 3, nextAllowedAt: now.value + 4_000 }),
      updatedAt: now.value,
    });
    const page = open(dbName, now);
    expect(await page.lock.enter('0000')).toEqual({ ok: false, waitMs: 4_000, wrong: false });
    pass(now, 4_000);
    expect(await page.lock.enter('0000')).toEqual({ ok: false, waitMs: 8_000, wrong: true });
    expect(await storedAttempts(page)).toEqual({ failures: 4, lastFailureAt: now.value });
  });
});

describe('the gate in front of money-out actions', () => {
  it('opens for 3 minutes from a PIN entered for one, and nothing extends it', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const page = open(dbName);
    await page.lock.init();
    expect(page.lock.gateOpen()).toBe(false);
    expect(await page.lock.openGate('4821')).toEqual({ ok: true });
    expect(page.lock.gateOpen()).toBe(true);
    pass(page.now, 2 * 60_000);
    // Using the gate (another Withdraw) does not extend it.
    expect(page.lock.gateOpen()).toBe(true);
    pass(page.now, 60_000 - 1);
    expect(page.lock.gateOpen()).toBe(true);
    pass(page.now, 1);
    expect(page.lock.gateOpen()).toBe(false);
    await expect(page.lock.changePin('0000', '9999')).resolves.toMatchObject({ ok: false });
  });

  it('a PIN entered to unlock at start-up does not open it', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const page = open(dbName);
    expect(await page.lock.enter('4821')).toEqual({ ok: true });
    expect(page.lock.state()).toBe('unlocked');
    expect(page.lock.gateOpen()).toBe(false);
  });

  it('a wall clock moved back does not keep it open', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const page = open(dbName);
    await page.lock.openGate('4821');
    page.now.value -= 3_600_000;
    pass(page.now, 3 * 60_000);
    expect(page.lock.gateOpen()).toBe(false);
  });
});
describe('changing and removing the PIN', () => {
  it('a new PIN replaces the old one, after the current one', async () => {
    const { dbName, s } = await withKeysAndPin('4821');
    // Setting a PIN over the one set is refused: changing it takes the current PIN.
    await expect(s.lock.setPin('735910')).rejects.toThrow('enter the current PIN');
    expect(await s.lock.changePin('4821', '735910')).toEqual({ ok: true });
    const page = open(dbName);
    expect(await page.lock.enter('4821')).toMatchObject({ ok: false });
    pass(page.now, 1_000);
    expect(await page.lock.enter('735910')).toEqual({ ok: true });
    expect(await page.keys.getSeed()).toEqual(SEED);
  });

  it('a wrong current PIN changes nothing and counts as a wrong PIN', async () => {
    const { s } = await withKeysAndPin('4821');
    const before = await s.db.keys.toArray();
    expect(await s.lock.changePin('1111', '735910')).toEqual({
      ok: false,
      waitMs: 1_000,
      wrong: true,
    });
    expect(await s.lock.removePin('1111')).toEqual({ ok: false, waitMs: 1_000, wrong: false });
    expect(await s.db.keys.toArray()).toEqual(before);
    expect(await storedAttempts(s)).toMatchObject({ failures: 1 });
    pass(s.now, 1_000);
    expect(await s.lock.enter('4821')).toEqual({ ok: true });
    expect(await s.keys.getSeed()).toEqual(SEED);
  });

  it('a change cut off before its one write leaves the old PIN working', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const { checkpoint, reached } = freezeAt('pin:resealed');
    const page = open(dbName, undefined, checkpoint);
    void page.lock.changePin('4821', '999999');
    await reached;
    page.close();

    const next = open(dbName);
    expect(await next.lock.enter('4821')).toEqual({ ok: true });
    expect(await next.keys.getMnemonic()).toBe(PHRASE);
    expect(await next.keys.getSeed()).toEqual(SEED);
  });

  it('removing the PIN stores the secrets plain again', async () => {
    const { dbName, s } = await withKeysAndPin('4821');
    expect(await s.lock.removePin('4821')).toEqual({ ok: true });
    expect((await s.db.keys.get('mnemonic'))?.value).toBe(PHRASE);
    expect(await s.db.keys.get('pin-lock')).toBeUndefined();
    const page = open(dbName);
    await page.lock.init();
    expect(page.lock.state()).toBe('no-pin');
    expect(await page.keys.getSecretKey()).toEqual(SK);
  });
});
