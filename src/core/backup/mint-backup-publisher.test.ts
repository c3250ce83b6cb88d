// The NUT-27 mint list across page loads: an unchanged list is not sent again at each start (a
// week later it is), the first list of a page load is dated after a burst of the last one, and a
// list no relay took is noted nowhere.
import { describe, expect, it } from 'vitest';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import { MintBackupPublisher, MINT_LIST_NOTE } from './mint-backup-publisher';
import { mintBackupKeys, newestMintBackup } from './nut27';
import { BACKUP_REPUBLISH_MS, type PublishedNote } from './published-note';

const RELAY = 'wss://relay.example';
const SEED = new Uint8Array(64).fill(3);

function setup() {
  const pool = new FakeRelayPool();
  const state = { mints: ['https://mint.a.example'], now: 1_700_000_000_000 };
  const rows = new Map<string, PublishedNote>();
  /** One page load's publisher over the relay and the notes that outlive it. */
  const pageLoad = () =>
    new MintBackupPublisher({
      createPool: () => pool,
      getRelays: async () => [RELAY],
      mints: async () => state.mints,
      getSeed: async () => SEED,
      seedSealed: async () => false,
      notes: {
        last: async (name) => rows.get(name),
        record: async (name, note) => void rows.set(name, { ...note, at: state.now }),
      },
      clock: () => state.now,
    });
  const events = () => pool.events.get(RELAY) ?? [];
  return { pool, state, rows, pageLoad, events };
}

describe('MintBackupPublisher across page loads', () => {
  it('does not send an unchanged list at the next start, but does a week later', async () => {
    const s = setup();
    expect(await s.pageLoad().sync()).toBe('published');
    expect(await s.pageLoad().sync()).toBe('unchanged');
    s.state.now += BACKUP_REPUBLISH_MS;
    expect(await s.pageLoad().sync()).toBe('published');
    expect(s.events()).toHaveLength(2);
  });

  it('dates the first list of a page load after a burst of the last one, in the same second', async () => {
    const s = setup();
    const first = s.pageLoad();
    for (const mint of ['https://mint.b.example', 'https://mint.c.example']) {
      s.state.mints = [...s.state.mints, mint];
      await first.sync();
    }
    s.state.mints = [...s.state.mints, 'https://mint.d.example'];
    await s.pageLoad().sync();
    expect(s.events().map((e) => e.created_at)).toEqual([
      1_700_000_000, 1_700_000_001, 1_700_000_002,
    ]);
    expect(newestMintBackup(mintBackupKeys(SEED), s.events())).toHaveLength(4);
  });

  it('notes nothing when no relay took it, so the next start tries again', async () => {
    const s = setup();
    s.pool.behaviour.set(RELAY, 'refuse');
    expect(await s.pageLoad().sync()).toBe('failed');
    expect(s.rows.get(MINT_LIST_NOTE)).toBeUndefined();
    s.pool.behaviour.delete(RELAY);
    expect(await s.pageLoad().sync()).toBe('published');
    expect(s.rows.get(MINT_LIST_NOTE)?.createdAt).toBe(1_700_000_000);
  });
});
