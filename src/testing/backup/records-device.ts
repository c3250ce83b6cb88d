// Test helper: one device of a phrase as the app builds its history replication — its own
// storage, device key and identity, the publisher and the reader on the given relays.
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { DeviceIdentity } from '../../core/backup/device-identity';
import { RecordsPublisher } from '../../core/backup/records/records-publisher';
import { RecordsReader } from '../../core/backup/records/records-reader';
import { inProcessQuoteLock } from '../../core/cross-tab-lock';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import type { RelayPool } from '../../core/remote-payments/relay-pool';
import { createRelayPool } from '../../core/remote-payments/relay-pool';
import type { PaymentEventInput } from '../../core/history-ports';
import { testStorage, type TestStorage } from '../storage/db';
import { devRelayPerTest, nodePoolOptions } from './relay-backup';

export interface RecordsDevice {
  storage: TestStorage;
  identity: DeviceIdentity;
  publisher: RecordsPublisher;
  reader: RecordsReader;
  /** what onImported reported, in order */
  imported: number[];
  /** what was logged as a warning (refusals, relays that did not take a batch) */
  warnings: unknown[][];
  /** A sale recorded as the ledger records it; its history id. */
  sale(amount: number, extra?: Partial<PaymentEventInput>): Promise<number>;
}

export interface RecordsDeviceOptions {
  relays: () => string[];
  /** the phrase's identity secret key: every device of one phrase has the same */
  identityKey: Uint8Array;
  /** starts locked: the identity key does not open (the device key still writes) */
  locked?: { value: boolean };
  /** wraps the relay pool the publisher sends with (faults) */
  pool?: (pool: RelayPool) => RelayPool;
}

let quotes = 0;
const opened: RecordsDevice[] = [];

/**
 * Call once inside a describe block: a dev relay per test, `relays` naming it as a device reads
 * them, and every device a test made closed after it.
 */
export function recordsOnDevRelay(): { relay: { readonly url: string }; relays: () => string[] } {
  const relay = devRelayPerTest();
  afterEach(() => {
    for (const device of opened.splice(0)) device.storage.close();
  });
  return { relay, relays: () => [relay.url] };
}

export async function recordsDevice(options: RecordsDeviceOptions): Promise<RecordsDevice> {
  const storage = testStorage();
  await storage.keys.saveWalletKeys({
    secretKey: options.identityKey,
    mnemonic: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
    seed: new Uint8Array(64).fill(2),
  });
  const openIdentityKey = async () =>
    options.locked?.value ? undefined : storage.keys.getSecretKey();
  const identity = new DeviceIdentity({ store: storage.deviceIdentity, openIdentityKey });
  const clock = () => storage.now.value;
  const lock = inProcessQuoteLock();
  const imported: number[] = [];
  const warnings: unknown[][] = [];
  const logger = { ...storage.logger, warn: (...args: unknown[]) => void warnings.push(args) };
  const publisher = new RecordsPublisher({
    store: storage.records,
    writer: () => identity.writer(),
    getRelays: async () => options.relays(),
    createPool: () => {
      const pool = createRelayPool(nodePoolOptions);
      return options.pool ? options.pool(pool) : pool;
    },
    logger,
    clock,
    lock,
  });
  const reader = new RecordsReader({
    store: storage.records,
    query: createPoolRelayQuery({ WebSocket }),
    getRelays: async () => options.relays(),
    openIdentityKey,
    devicePubkey: () => identity.devicePubkey(),
    logger,
    clock,
    lock,
    maxWaitMs: 3_000,
    onImported: (count) => imported.push(count),
  });
  const device: RecordsDevice = {
    storage,
    identity,
    publisher,
    reader,
    imported,
    warnings,
    sale: (amount, extra = {}) => {
      quotes += 1;
      return storage.history.addPayment({
        type: 'direct-payment',
        amount,
        mintUrl: 'https://mint.example',
        quoteId: `q-${process.pid}-${quotes}`,
        request: `lnbc${amount}n1test`,
        ...extra,
      });
    },
  };
  opened.push(device);
  return device;
}
