// The app data backup across page loads: each part dated after the last one a relay took (even
// one dated ahead of the clock by a burst of saves), an unchanged part not sent again until a week
// has passed, a refused part noted nowhere, shown and tried again, and a restore noting what it read.
import { matchFilter } from 'nostr-tools/filter';
import { generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import type { RelayQuery } from '../discovery/relay-query';
import {
  AppDataBackup,
  type AppDataBackupStatus,
  type AppDataPart,
  type RetryTimer,
} from './app-data';
import { readAppData } from './app-data-event';
import { BACKUP_REPUBLISH_MS, type PublishedNote, type PublishedNotes } from './published-note';

const RELAY = 'wss://relay.example';
const T0 = 1_700_000_000_000;

/** The notes that outlive a page load (the config table). */
function memoryNotes(now: () => number) {
  const rows = new Map<string, PublishedNote>();
  const notes: PublishedNotes = {
    last: async (name) => rows.get(name),
    record: async (name, note) => void rows.set(name, { ...note, at: now() }),
  };
  return { rows, notes };
}

/** A relay query over the fake pool's stored events. */
function queryOf(pool: FakeRelayPool): RelayQuery {
  return async (relays, filter) =>
    relays.flatMap((relay) => (pool.events.get(relay) ?? []).filter((e) => matchFilter(filter, e)));
}

interface Device {
  /** the setting the part backs up */
  value: { shopName: string };
  now: number;
  relays: string[];
}

function settingsLike(device: Device): AppDataPart {
  return {
    name: 'settings',
    collect: async () => ({ ...device.value }),
    apply: async (value) => {
      device.value = value as Device['value'];
    },
  };
}

function setup() {
  const key = generateSecretKey();
  const pool = new FakeRelayPool();
  const device: Device = { value: { shopName: 'Corner' }, now: T0, relays: [RELAY] };
  const { rows, notes } = memoryNotes(() => device.now);
  /** One page load's backup over the relay and the notes that outlive it. */
  const pageLoad = (options: { retry?: RetryTimer; withNotes?: boolean } = {}) =>
    new AppDataBackup({
      parts: [settingsLike(device)],
      createPool: () => pool,
      query: queryOf(pool),
      getRelays: async () => device.relays,
      getSecretKey: async () => key,
      ...(options.withNotes === false ? {} : { notes }),
      ...(options.retry ? { retry: options.retry } : {}),
      clock: () => device.now,
    });
  const dates = () => (pool.events.get(RELAY) ?? []).map((e) => e.created_at);
  return { key, pool, device, rows, pageLoad, dates };
}

describe('AppDataBackup across page loads', () => {
  it('dates the first backup of a page load after a burst of the last one, in the same second', async () => {
    const s = setup();
    const first = s.pageLoad();
    for (const shopName of ['Corner', 'Corner Café', 'Corner Café 2']) {
      s.device.value = { shopName };
      await first.sync();
    }
    expect(s.dates()).toEqual([1_700_000_000, 1_700_000_001, 1_700_000_002]);
    // A reload in that same second, then one more change: dated after the burst, so relays keep
    // it (they keep the latest date) and a restore reads it.
    s.device.value = { shopName: 'The Corner' };
    await s.pageLoad().sync();
    expect(s.dates()).toEqual([1_700_000_000, 1_700_000_001, 1_700_000_002, 1_700_000_003]);
    const newest = (s.pool.events.get(RELAY) ?? []).filter((e) => e.created_at === 1_700_000_003);
    expect(readAppData(s.key, 'settings', newest)).toEqual({ shopName: 'The Corner' });
  });

  it('does not sign and send an unchanged part at the next start, but does a week later', async () => {
    const s = setup();
    await s.pageLoad().sync();
    expect(s.dates()).toHaveLength(1);
    // The note is a digest, not the settings.
    expect(s.rows.get('settings')?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([...s.rows.values()])).not.toContain('Corner');
    s.device.now += BACKUP_REPUBLISH_MS - 1;
    await s.pageLoad().sync();
    expect(s.dates()).toHaveLength(1);
    s.device.now += 1;
    await s.pageLoad().sync();
    expect(s.dates()).toHaveLength(2);
  });

  it('publishes again when the relays change', async () => {
    const s = setup();
    await s.pageLoad().sync();
    s.device.relays = [RELAY, 'wss://other.example'];
    await s.pageLoad().sync();
    expect(s.dates()).toHaveLength(2);
    expect(s.pool.events.get('wss://other.example')).toHaveLength(1);
  });

  it('notes nothing when no relay took it; Settings says so, it is tried again and the line goes', async () => {
    const s = setup();
    const retries: Array<() => void> = [];
    let resets = 0;
    const retry: RetryTimer = { schedule: (run) => retries.push(run), reset: () => resets++ };
    s.pool.behaviour.set(RELAY, 'refuse');
    const backup = s.pageLoad({ retry });
    const seen: AppDataBackupStatus[] = [];
    backup.onStatus((status) => seen.push(status));
    await backup.sync();
    expect(s.rows.size).toBe(0);
    expect(backup.status()).toEqual({ unsaved: ['settings'] });
    expect(retries).toHaveLength(1);
    // The relay takes it again: the scheduled retry publishes it.
    s.pool.behaviour.delete(RELAY);
    retries[0]!();
    await backup.sync();
    expect(s.dates()).toHaveLength(1);
    expect(s.rows.get('settings')).toBeDefined();
    expect(backup.status()).toEqual({ unsaved: [] });
    expect(seen).toEqual([{ unsaved: ['settings'] }, { unsaved: [] }]);
    expect(resets).toBeGreaterThan(0);
  });

  it('a restore notes what the relays hold: unchanged is not sent again, a change is dated after it', async () => {
    const s = setup();
    // Another device's burst, dated ahead of this device's clock.
    const other = s.pageLoad({ withNotes: false });
    for (const shopName of ['A', 'B', 'C']) {
      s.device.value = { shopName };
      await other.sync();
    }
    s.device.value = { shopName: '' };
    const restored = s.pageLoad();
    expect(await restored.restore()).toEqual(['settings']);
    expect(s.device.value).toEqual({ shopName: 'C' });
    await restored.sync();
    expect(s.dates()).toHaveLength(3);
    s.device.value = { shopName: 'D' };
    await s.pageLoad().sync();
    expect(s.dates()).toEqual([1_700_000_000, 1_700_000_001, 1_700_000_002, 1_700_000_003]);
  });
});
