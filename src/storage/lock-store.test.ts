// The till lock on the real key rows (fake-indexeddb): sealed at rest, wrong-PIN waits that
// survive a reload, and PIN changes that are all or nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freezeAt } from '../core/wallet/testing/freeze-at';
import { DEFAULT_KDF, TillLock } from '../core/lock';
import { createStorage } from './index';
import { DexieLockStore } from './lock-store';
import { DEFAULTS, freshDbName, recordingLogger } from './test-support';

const SK = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const SEED = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** A storage on `dbName` as a fresh page load would open it, with a clock the test moves. */
function open(
  dbName: string,
  now = { value: 1_700_000_000_000 },
  checkpoint?: Parameters<typeof createStorage>[0]['checkpoint'],
) {
  const storage = createStorage({
    dbName,
    defaults: DEFAULTS,
    logger: recordingLogger(),
    clock: () => now.value,
    ...(checkpoint ? { checkpoint } : {}),
  });
  return { ...storage, now };
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

  it('opens a lock set with the earlier N = 2^13; a new PIN gets the stronger default', async () => {
    const dbName = freshDbName();
    const first = open(dbName);
    await first.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
    // The lock as a release before decision 0024 set it: its parameters are in its record.
    const before = new TillLock({
      store: new DexieLockStore(first.db, () => first.now.value),
      clock: () => first.now.value,
      kdf: { n: 2 ** 13, r: 8, p: 1 },
    });
    await before.setPin('4821');
    expect(await new DexieLockStore(first.db, Date.now).readLock()).toMatchObject({ n: 2 ** 13 });

    const page = open(dbName);
    expect(await page.lock.enter('4821')).toEqual({ ok: true });
    expect(await page.keys.getSeed()).toEqual(SEED);
    await page.lock.setPin('4822');
    expect(await new DexieLockStore(page.db, Date.now).readLock()).toMatchObject({
      n: DEFAULT_KDF.n,
      r: 8,
      p: 1,
    });
    expect(DEFAULT_KDF.n).toBe(2 ** 14);
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

    await page.lock.removePin();
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
    const now = { value: 1_700_000_100_000 };
    const page = open(dbName, now);
    expect(await page.lock.enter('0000')).toEqual({ ok: false, waitMs: 1_000 });
    // Too early: refused without checking, with the time left.
    now.value += 400;
    expect(await page.lock.enter('4821')).toEqual({ ok: false, waitMs: 600 });
    now.value += 600;
    expect(await page.lock.enter('1111')).toEqual({ ok: false, waitMs: 2_000 });
    now.value += 2_000;
    expect(await page.lock.enter('2222')).toEqual({ ok: false, waitMs: 4_000 });

    const reloaded = open(dbName, now);
    expect(await reloaded.lock.waitMs()).toBe(4_000);
    expect(await reloaded.lock.enter('4821')).toEqual({ ok: false, waitMs: 4_000 });
    now.value += 4_000;
    expect(await reloaded.lock.enter('4821')).toEqual({ ok: true });
    expect(await reloaded.lock.waitMs()).toBe(0);
    expect(await reloaded.keys.getMnemonic()).toBe(PHRASE);
  });
});

describe('the gate in front of protected actions', () => {
  it('opens with the PIN and closes after 3 minutes without activity', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const page = open(dbName);
    await page.lock.init();
    expect(page.lock.gateOpen()).toBe(false);
    await page.lock.enter('4821');
    expect(page.lock.gateOpen()).toBe(true);
    page.now.value += 2 * 60_000;
    page.lock.touch();
    page.now.value += 2 * 60_000;
    expect(page.lock.gateOpen()).toBe(true);
    page.now.value += 60_001;
    expect(page.lock.gateOpen()).toBe(false);
    // Closed: touching does not reopen it, and changing the PIN is refused.
    page.lock.touch();
    expect(page.lock.gateOpen()).toBe(false);
    await expect(page.lock.setPin('9999')).rejects.toThrow('Enter the PIN first');
  });
});

describe('changing and removing the PIN', () => {
  it('a new PIN replaces the old one', async () => {
    const { dbName, s } = await withKeysAndPin('4821');
    await s.lock.setPin('735910');
    const page = open(dbName);
    expect(await page.lock.enter('4821')).toMatchObject({ ok: false });
    page.now.value += 1_000;
    expect(await page.lock.enter('735910')).toEqual({ ok: true });
    expect(await page.keys.getSeed()).toEqual(SEED);
  });

  it('a change cut off before its one write leaves the old PIN working', async () => {
    const { dbName } = await withKeysAndPin('4821');
    const { checkpoint, reached } = freezeAt('pin:resealed');
    const page = open(dbName, undefined, checkpoint);
    await page.lock.enter('4821');
    void page.lock.setPin('999999');
    await reached;
    page.close();

    const next = open(dbName);
    expect(await next.lock.enter('4821')).toEqual({ ok: true });
    expect(await next.keys.getMnemonic()).toBe(PHRASE);
    expect(await next.keys.getSeed()).toEqual(SEED);
  });

  it('removing the PIN stores the secrets plain again', async () => {
    const { dbName, s } = await withKeysAndPin('4821');
    await s.lock.removePin();
    expect((await s.db.keys.get('mnemonic'))?.value).toBe(PHRASE);
    expect(await s.db.keys.get('pin-lock')).toBeUndefined();
    const page = open(dbName);
    await page.lock.init();
    expect(page.lock.state()).toBe('no-pin');
    expect(await page.keys.getSecretKey()).toEqual(SK);
  });
});
