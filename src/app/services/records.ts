// Builds the history's replication (services.records): the publisher of this device's batches,
// the reader of the other devices', the watch that reads as soon as one publishes, and the schedule
// that runs them (docs/protocol.md "Records on the relays").
import { getPublicKey } from 'nostr-tools/pure';
import type { DeviceIdentity } from '../../core/backup/device-identity';
import type { RecordsStore } from '../../core/backup/records/ports';
import { RecordsPublisher } from '../../core/backup/records/records-publisher';
import { RecordsReader } from '../../core/backup/records/records-reader';
import { RecordsSchedule } from '../../core/backup/records/records-schedule';
import { RecordsWatch } from '../../core/backup/records/records-watch';
import type { RelayQuery } from '../../core/discovery/relay-query';
import type { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import { yieldToPage } from '../../core/records/export';
import { createRelayPool } from '../../core/remote-payments/relay-pool';

export interface Records {
  publisher: RecordsPublisher;
  reader: RecordsReader;
  schedule: RecordsSchedule;
}

export interface RecordsDeps {
  store: RecordsStore;
  identity: DeviceIdentity;
  /** The identity secret key when it opens without the PIN now. */
  openIdentityKey: () => Promise<Uint8Array | undefined>;
  getRelays: () => Promise<string[]>;
  isOnboarded: () => Promise<boolean>;
  query: RelayQuery;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
}

export function createRecords(deps: RecordsDeps): Records {
  const { logger, clock } = deps;
  const publisher = new RecordsPublisher({
    store: deps.store,
    writer: () => deps.identity.writer(),
    getRelays: deps.getRelays,
    createPool: () => createRelayPool(),
    logger,
    clock,
  });
  const reader = new RecordsReader({
    store: deps.store,
    query: deps.query,
    getRelays: deps.getRelays,
    openIdentityKey: deps.openIdentityKey,
    devicePubkey: () => deps.identity.devicePubkey(),
    between: yieldToPage,
    // The History, the day summary and the chart read again; the balance is not touched.
    onImported: (count) => deps.events.emitUpdated({ reason: 'records', count }),
    logger,
    clock,
  });
  const watch = new RecordsWatch({
    createPool: () => createRelayPool(),
    getRelays: deps.getRelays,
    identityPubkey: async () => {
      const key = await deps.openIdentityKey();
      return key ? getPublicKey(key) : undefined;
    },
    devicePubkey: () => deps.identity.devicePubkey(),
    onOtherDevice: () => schedule.readNow(),
    clock,
    logger,
  });
  const schedule = new RecordsSchedule({
    publish: publisher.sync,
    read: () => reader.read(),
    ready: deps.isOnboarded,
    watch,
  });
  // Every wallet update writes a history event (a sale, a withdrawal, a cash-out, a refund); one
  // of another tab is that tab's to publish.
  deps.events.onUpdated((update) => {
    if (update.reason !== 'records' && update.reason !== 'other-tab') schedule.written();
  });
  return { publisher, reader, schedule };
}
