// The soak run: the dev stack's services, a merchant device on the app's services, a cashier and a
// customer; N operations, each after a fault; then every fault off, every page reloaded, and the
// end check of balances, histories and sats (docs/architecture.md "The soak").
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { startStack, type DevStack } from '../../dev/stack.ts';
import { historyKind } from '../../src/core/history-kinds.ts';
import type { Logger } from '../../src/core/logger.ts';
import { encodePairingSecret } from '../../src/core/remote-payments/pairing.ts';
import type { AppSettings } from '../../src/app/start-up/env.ts';
import { buildConnectionLink } from '../../src/features/connect/connection-link.ts';
import { CashierPage } from './cashier.ts';
import { reconcileProofs, replicateHistory } from './converge.ts';
import { Customer } from './customer.ts';
import { armFault, faultsOff } from './faults.ts';
import { gatherFacts, leftovers } from './facts.ts';
import { MerchantDevice } from './merchant.ts';
import { finalCheck, Model, type CheckReport, type Mismatch } from './model.ts';
import {
  feasible,
  OPERATIONS,
  SCAN_LIMIT_MS,
  sleep,
  unspentProofs,
  waitFor,
  type OpOutcome,
  type SoakWorld,
} from './ops.ts';
import {
  chooseFault,
  chooseOp,
  DEVICE_2_FROM,
  faultLabel,
  type FaultKind,
  type OpKind,
} from './plan.ts';
import { Random } from './random.ts';

export interface SoakOptions {
  seed: number;
  ops: number;
  /** every app warning and error on stderr as it happens */
  verbose: boolean;
  progress: (line: string) => void;
}

export interface SoakSummary {
  ok: boolean;
  seed: number;
  ops: number;
  durationMs: number;
  opsByKind: Partial<Record<OpKind, Partial<Record<OpOutcome['result'], number>>>>;
  faultsByKind: Partial<Record<FaultKind, number>>;
  pages: { reloads: Record<string, number>; frozenMidWrite: Record<string, number> };
  figures: CheckReport['figures'] | undefined;
  /** per device: what its state checks removed as spent elsewhere, and the other's rows it holds */
  devices: CheckReport['devices'];
  failures: Array<Mismatch & { seed: number; kind?: OpKind }>;
  /** app errors logged, per page name */
  appErrors: Record<string, number>;
  /** the last app warnings and errors, for a failing run */
  lastLog: string[];
}

/** Longest an operation may take before the soak calls it hung. */
const OP_LIMIT_MS = 400_000;
/**
 * The same for device-2's operation: its phrase scan walks every counter the phrase used, so it
 * grows with the run (late in a full run, 100 to 400 s on a loaded machine: SCAN_LIMIT_MS).
 */
const DEVICE_2_LIMIT_MS = SCAN_LIMIT_MS + 300_000;
/** Longest the end waits for every resume to finish (a scan left to resume among them). */
const SETTLE_LIMIT_MS = SCAN_LIMIT_MS;

export async function runSoak(options: SoakOptions): Promise<SoakSummary> {
  const started = Date.now();
  const random = new Random(options.seed);
  const log = new SoakLog(options.verbose);
  const stack = await startStack({ app: false, tempPrefix: 'cashew-soak-' });
  const settings: AppSettings = {
    defaultMintUrl: stack.mintUrl,
    defaultRelays: [stack.relayUrl],
    discoveryRelays: [stack.relayUrl],
    auditorUrl: '',
    priceUrl: stack.pricesUrl,
  };
  const dbPrefix = `soak-${options.seed}-${started}`;
  const world = await openWorld(stack, settings, random, log, dbPrefix);
  const summary: SoakSummary = {
    ok: false,
    seed: options.seed,
    ops: options.ops,
    durationMs: 0,
    opsByKind: {},
    faultsByKind: {},
    pages: { reloads: {}, frozenMidWrite: {} },
    figures: undefined,
    devices: {},
    failures: [],
    appErrors: {},
    lastLog: [],
  };
  /** When each operation started: an unexpected history row is blamed on the one running. */
  const opStarts: number[] = [];
  /** The last history row id each device had: the rows an operation wrote are shown with it. */
  const lastRow = new Map<string, number>();
  try {
    for (let index = 0; index < options.ops; index += 1) {
      const kind = await drawOp(world, random, index >= options.ops * DEVICE_2_FROM);
      const fault = chooseFault(random, kind);
      const opRandom = new Random(random.int(0, 2 ** 31));
      log.op = index;
      opStarts.push(Date.now());
      const begun = Date.now();
      let armed = false;
      const devices = () => [world.d1, ...(world.d2 ? [world.d2] : [])];
      let outcome: OpOutcome;
      try {
        outcome = await withLimit(
          OPERATIONS[kind](world, {
            index,
            random: opRandom,
            fault,
            armFault: async (target) => {
              if (armed) return;
              armed = true;
              await armFault(stack, fault, target);
            },
            faultsOff: async () => faultsOff(stack, devices()),
          }),
          kind === 'device-2' ? DEVICE_2_LIMIT_MS : OP_LIMIT_MS,
        );
      } catch (error) {
        outcome = { result: 'waiting', note: `the operation threw: ${describe(error)}` };
        summary.failures.push({ seed: options.seed, op: index, kind, what: outcome.note! });
      }
      faultsOff(stack, devices());
      await Promise.all(devices().map((device) => device.settled()));
      await lookAtDevices(world);
      const rows = await newRows(world, lastRow);
      count(summary.opsByKind, kind, outcome.result);
      summary.faultsByKind[fault.kind] = (summary.faultsByKind[fault.kind] ?? 0) + 1;
      options.progress(
        `${index + 1}/${options.ops} ${kind} after ${faultLabel(fault)}: ${outcome.result}${
          outcome.note ? ` (${outcome.note})` : ''
        } ${Date.now() - begun} ms${rows ? `; rows ${rows}` : ''}`,
      );
    }

    log.op = undefined;
    options.progress('every fault off; reloading every page and waiting for the resumes');
    await settleEverything(world);
    const devices = [world.d1, ...(world.d2 ? [world.d2] : [])];
    // The merchant presses Refresh on each device, and both have read each other's history.
    for (const device of devices) {
      const { failures } = await reconcileProofs(device);
      for (const failure of failures) {
        summary.failures.push({
          seed: options.seed,
          device: device.name as Mismatch['device'],
          what: `Refresh could not check ${failure.mintUrl}: ${failure.error}`,
        });
      }
    }
    for (const problem of await replicateHistory(devices)) {
      summary.failures.push({ seed: options.seed, what: problem });
    }
    await lookAtDevices(world);
    const facts = await gatherFacts(world);
    const report = finalCheck(world.model, facts.mint, facts.devices);
    summary.figures = report.figures;
    summary.devices = report.devices;
    for (const mismatch of report.mismatches) {
      summary.failures.push({
        seed: options.seed,
        ...mismatch,
        ...(mismatch.op === undefined && mismatch.at !== undefined
          ? { op: opAt(opStarts, mismatch.at) }
          : {}),
      });
    }
  } finally {
    summary.pages.reloads = {
      'device-1': world.d1.reloads,
      ...(world.d2 ? { 'device-2': world.d2.reloads } : {}),
      cashier: world.cashier.reloads,
    };
    summary.pages.frozenMidWrite = {
      'device-1': world.d1.freezes,
      ...(world.d2 ? { 'device-2': world.d2.freezes } : {}),
    };
    world.cashier.close();
    world.d1.close();
    world.d2?.close();
    await stack.close();
  }
  summary.appErrors = log.errorsByPage;
  summary.durationMs = Date.now() - started;
  summary.ok = summary.failures.length === 0;
  if (!summary.ok) summary.lastLog = log.lines.slice(-60);
  return summary;
}

async function openWorld(
  stack: DevStack,
  settings: AppSettings,
  random: Random,
  log: SoakLog,
  dbPrefix: string,
): Promise<SoakWorld> {
  // The phrase comes from the seed too, so a replay restores the same wallet.
  const entropy = Uint8Array.from({ length: 16 }, () => random.int(0, 255));
  const phrase = entropyToMnemonic(entropy, wordlist);
  const device = (name: string) =>
    new MerchantDevice({ name, dbName: `${dbPrefix}-${name}`, settings, logger: log.logger(name) });
  const d1 = device('device-1');
  await d1.onboard({ phrase, mode: 'create' });
  // The Connect screen's link, opened by the cashier as a phone would scan it.
  const { storage, deviceKeys } = d1.services;
  const link = buildConnectionLink({
    origin: 'http://soak.invalid',
    npub: (await deviceKeys.getKeypair()).npub,
    mintUrl: await storage.config.getMintUrl(),
    relays: await storage.config.getRelays(),
    pairing: encodePairingSecret(await storage.merchantTrust.getOrCreateSecret()),
  });
  // The profile names the pairing: published again as the Connect screen's reset does.
  await d1.services.merchantProfile.sync();
  const cashier = await CashierPage.open(link, {
    dbName: `${dbPrefix}-cashier`,
    settings,
    logger: log.logger('cashier'),
  });
  const world: SoakWorld = {
    stack,
    settings,
    phrase,
    model: new Model(),
    customer: new Customer(stack.mintUrl),
    d1,
    d2: undefined,
    cashier,
    openDevice2: () => {
      world.d2 = device('device-2');
      return world.d2;
    },
  };
  return world;
}

/** An operation that can run now: money out needs money, so those are drawn again without. */
async function drawOp(world: SoakWorld, random: Random, device2: boolean): Promise<OpKind> {
  for (let tries = 0; tries < 20; tries += 1) {
    const kind = chooseOp(random, device2);
    if (await feasible(world, kind)) return kind;
  }
  return 'local-sale';
}

async function lookAtDevices(world: SoakWorld): Promise<void> {
  const read = async (device: MerchantDevice) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        return await unspentProofs(device);
      } catch {
        await device.settled();
        await sleep(100);
      }
    }
    return unspentProofs(device);
  };
  world.model.nextRound();
  world.model.look('device-1', await read(world.d1));
  if (world.d2) world.model.look('device-2', await read(world.d2));
}

/**
 * Every page reloaded with every fault off, then a wait until nothing is left half done on any
 * device and every sale a customer paid has landed (or the limit passes: the check says what).
 */
async function settleEverything(world: SoakWorld): Promise<void> {
  faultsOff(world.stack, [world.d1, ...(world.d2 ? [world.d2] : [])]);
  const devices = [world.d1, ...(world.d2 ? [world.d2] : [])];
  world.cashier.reload();
  for (const device of devices) await device.reload();
  await waitFor(
    async () => {
      for (const device of devices) if ((await leftovers(device, world)).length > 0) return false;
      return true;
    },
    SETTLE_LIMIT_MS,
    1_000,
  );
  await lookAtDevices(world);
}

/** The history rows each device wrote since the last call, as `device-1 +sale 21 -withdrawal 8`. */
async function newRows(world: SoakWorld, last: Map<string, number>): Promise<string> {
  const parts: string[] = [];
  for (const device of [world.d1, ...(world.d2 ? [world.d2] : [])]) {
    const from = last.get(device.name) ?? 0;
    const rows = await device.services.storage.db.historyEvents
      .where(':id')
      .above(from)
      .toArray()
      .catch(() => []);
    if (rows.length === 0) continue;
    last.set(device.name, Math.max(from, ...rows.map((row) => row.id)));
    const text = rows.map((row) => {
      const sign = historyKind(row.type)?.direction === 'out' ? '-' : '+';
      return `${sign}${row.type} ${row.amount}`;
    });
    parts.push(`${device.name} ${text.join(' ')}`);
  }
  return parts.join('; ');
}

function withLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no end after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function count<K extends string, R extends string>(
  table: Partial<Record<K, Partial<Record<R, number>>>>,
  kind: K,
  result: R,
): void {
  const row: Partial<Record<R, number>> = (table[kind] ??= {});
  row[result] = (row[result] ?? 0) + 1;
}

function opAt(starts: number[], time: number): number | undefined {
  let found: number | undefined;
  for (let i = 0; i < starts.length; i += 1) if ((starts[i] ?? Infinity) <= time) found = i;
  return found;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The app's loggers: warnings and errors kept (the last few hundred), each with its operation. */
class SoakLog {
  op: number | undefined;
  readonly lines: string[] = [];
  readonly errorsByPage: Record<string, number> = {};

  constructor(private readonly verbose: boolean) {}

  logger(page: string): Logger {
    const keep =
      (level: string) =>
      (message: string, ...data: unknown[]) => {
        if (level === 'error') this.errorsByPage[page] = (this.errorsByPage[page] ?? 0) + 1;
        const detail = data.map((item) => (item instanceof Error ? item.message : safeText(item)));
        const line =
          `[op ${this.op ?? '-'}] ${page} ${level}: ${message} ${detail.join(' ')}`.trim();
        this.lines.push(line);
        if (this.lines.length > 400) this.lines.splice(0, this.lines.length - 400);
        if (this.verbose) process.stderr.write(`${line}\n`);
      };
    return { debug: () => {}, info: () => {}, warn: keep('warn'), error: keep('error') };
  }
}

function safeText(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}
