// Builds a PaymentService over in-memory ports for tests, recording everything it reports.
import { WalletEvents, type WalletUpdate } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import {
  PaymentService,
  type PaymentFailure,
  type PaymentIntervals,
  type PaymentSettled,
} from '../../core/wallet/receive/payment-service';
import type { QuoteLock } from '../../core/cross-tab-lock';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import type { PreparedOutputs } from '../../core/wallet/ecash/prepared-outputs';
import { MemoryDb, memoryPorts } from './memory-ports';

/** Short intervals so tests finish quickly; behaviour is the same as the defaults. */
export const TEST_INTERVALS: PaymentIntervals = {
  foregroundMs: 40,
  backgroundMs: 150,
  resubscribeMs: 150,
  retryBaseMs: 100,
  retryMaxMs: 400,
};

export interface HarnessOptions {
  mintUrl: string;
  /** Omit for a device without a seed. */
  seed?: Uint8Array;
  /** the nostr secret key handed to getSigningKey */
  signingKey?: Uint8Array;
  /** reuse the tables of an earlier harness: a "restart" of the app */
  db?: MemoryDb;
  clock?: Clock;
  intervals?: Partial<PaymentIntervals>;
  logger?: Logger;
  /** share one between harnesses to model tabs of one browser */
  lock?: QuoteLock;
  /** PaymentServiceDeps.afterShown: when a new invoice's watch starts */
  afterShown?: (run: () => void) => void;
  /** PaymentServiceDeps.prepared: outputs derived while the invoice is on screen */
  prepared?: PreparedOutputs;
}

export interface LogLine {
  level: keyof Logger;
  message: string;
  data: unknown[];
}

/** A logger that keeps every line, so a test can check its premise (e.g. a fault really hit). */
export function recordingLogger(lines: LogLine[]): Logger {
  const at =
    (level: keyof Logger) =>
    (message: string, ...data: unknown[]) =>
      lines.push({ level, message, data });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export function paymentHarness(options: HarnessOptions) {
  const db = options.db ?? new MemoryDb();
  const ports = memoryPorts(db);
  if (options.seed) db.keys.set('bip39-seed', options.seed);
  db.config.set('MINT_URL', options.mintUrl);
  const events = new WalletEvents();
  const logs: LogLine[] = [];
  const logger = options.logger ?? recordingLogger(logs);
  const wallets = new WalletProvider({ keys: ports.keys, counters: ports.counters, logger });
  const service = new PaymentService({
    config: ports.config,
    keys: ports.keys,
    quotes: ports.quotes,
    ledger: ports.ledger,
    proofs: ports.proofs,
    counters: ports.counters,
    events,
    logger,
    clock: options.clock ?? Date.now,
    wallets,
    ...(options.afterShown ? { afterShown: options.afterShown } : {}),
    ...(options.prepared ? { prepared: options.prepared } : {}),
    getSigningKey: async () => {
      if (!options.signingKey) throw new Error('no signing key in this test');
      return options.signingKey;
    },
    intervals: { ...TEST_INTERVALS, ...options.intervals },
    ...(options.lock ? { lock: options.lock } : {}),
  });
  const settled: PaymentSettled[] = [];
  const failed: PaymentFailure[] = [];
  const updates: WalletUpdate[] = [];
  service.onSettled((p) => settled.push(p));
  service.onFailed((p) => failed.push(p));
  events.onUpdated((u) => updates.push(u));
  return {
    ...ports,
    service,
    wallets,
    events,
    settled,
    failed,
    updates,
    logs,
    /** stored unspent proofs, as the wallet page would total them */
    balance: () => db.balance(),
    async shutdown() {
      service.stop();
      await service.idle();
      wallets.close();
    },
  };
}

export type PaymentHarness = ReturnType<typeof paymentHarness>;
