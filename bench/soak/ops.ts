// The soak's operations, each as a merchant, a cashier and a customer would do it: through the app's
// own services, with the operation's fault armed once its preparation (a customer's ecash, an
// invoice from the Lightning address) is done. Each records in the model what it set in motion.
import type { DevStack } from '../../dev/stack.ts';
import { outsideInvoice } from '../../dev/mint/test-support.ts';
import { errorMessage } from '../../src/core/errors.ts';
import { formatSats } from '../../src/core/format-sats.ts';
import { historyKind } from '../../src/core/history-kinds.ts';
import type { HistoryEvent } from '../../src/core/history-ports.ts';
import { loadReceipt } from '../../src/core/receipts/load-receipt.ts';
import type { ReceiptWords } from '../../src/core/receipts/receipt.ts';
import { checkRefund } from '../../src/core/receipts/refunds.ts';
import { prepareCashOutAll } from '../../src/core/wallet/cash-out/cash-out-all.ts';
import type { CashOutQuote } from '../../src/core/wallet/cash-out/cash-out-service.ts';
import {
  fetchPayParams,
  parseDestination,
  requestInvoice,
  type PayParams,
} from '../../src/core/wallet/cash-out/lnurl.ts';
import {
  isWithdrawError,
  NO_PROOFS_MESSAGE,
} from '../../src/core/wallet/withdraw/withdraw-plan.ts';
import type { AppSettings } from '../../src/app/start-up/env.ts';
import type { CashierPage } from './cashier.ts';
import type { Customer } from './customer.ts';
import { MerchantDevice } from './merchant.ts';
import { proofStates } from './mint-facts.ts';
import { type DeviceName, type Model, type SeenProof, type TokenRecord } from './model.ts';
import { PageClosedError } from './page.ts';
import type { Fault, OpKind } from './plan.ts';
import type { Random } from './random.ts';

/** Everything the operations act on. */
export interface SoakWorld {
  stack: DevStack;
  settings: AppSettings;
  phrase: string;
  model: Model;
  customer: Customer;
  d1: MerchantDevice;
  /** opened by the first device-2 operation */
  d2: MerchantDevice | undefined;
  cashier: CashierPage;
  openDevice2(): MerchantDevice;
}

/** Where a page fault of the operation lands. */
export type PageTarget = MerchantDevice | CashierPage;

export interface OpRun {
  index: number;
  random: Random;
  /** the fault drawn for this operation (armed by armFault) */
  fault: Fault;
  /** Arms the operation's fault (a reload or freeze on `target`); call once, when ready. */
  armFault(target: PageTarget): Promise<void>;
  /** Every fault off (the customer's own steps are not what is tested). */
  faultsOff(): Promise<void>;
}

/**
 * done: as intended; refused: the app said no and nothing moved; interrupted: its page closed
 * mid-way (the next page finishes it); waiting: not finished within the operation's wait, left
 * to the end check; stale: stopped by proofs the phrase's other device spent (issue 46).
 */
export interface OpOutcome {
  result: 'done' | 'refused' | 'interrupted' | 'waiting' | 'stale';
  note?: string;
}

export type Operation = (world: SoakWorld, run: OpRun) => Promise<OpOutcome>;

/** How long an operation waits for the app to finish what the customer started. */
const LAND_MS = 12_000;
/** A remote sale may need the cashier's first re-send (10 s) when a relay lost the message. */
const REMOTE_LAND_MS = 16_000;

export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A read during a reload fails on the closed database: asked again on the next page.
    if (await check().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Called<T> = { ok: true; value: T } | { ok: false; closed: boolean; error: string };

/** Runs `work` on the device's open page; a page closed meanwhile waits for the next one. */
async function call<T>(
  device: MerchantDevice,
  work: (services: MerchantDevice['services']) => Promise<T>,
): Promise<Called<T>> {
  try {
    return { ok: true, value: await device.run(work) };
  } catch (error) {
    if (error instanceof PageClosedError) {
      await device.settled();
      return { ok: false, closed: true, error: error.message };
    }
    return { ok: false, closed: false, error: errorMessage(error) };
  }
}

function failed(called: { closed: boolean; error: string }, stale = false): OpOutcome {
  if (called.closed) return { result: 'interrupted', note: called.error };
  return { result: stale ? 'stale' : 'refused', note: called.error };
}

function rowsOf(device: MerchantDevice, quoteId: string): Promise<number> {
  return device.services.storage.db.historyEvents.where('quoteId').equals(quoteId).count();
}

async function landed(device: MerchantDevice, quoteId: string, ms = LAND_MS): Promise<boolean> {
  return waitFor(async () => (await rowsOf(device, quoteId)) > 0, ms);
}

/** The proofs the device stores unspent (what the model looks at between operations). */
export async function unspentProofs(device: MerchantDevice): Promise<SeenProof[]> {
  const proofs = await device.services.storage.proofs.listUnspent();
  return proofs.map(({ secret, amount }) => ({ secret, amount }));
}

async function available(device: MerchantDevice): Promise<number> {
  return (await device.services.withdraw.availability()).available;
}

// ------------------------------------------------------------------------------------ sales

const localSale: Operation = async (world, run) => {
  const { d1, customer, model } = world;
  const amount = run.random.sats(5_000);
  await run.armFault(d1);
  const created = await call(d1, (s) => s.payments.createInvoice({ amount }));
  if (!created.ok) return failed(created);
  const quote = created.value.quote;
  d1.services.payments.setForeground(quote);
  model.sales.push({ op: run.index, kind: 'local', device: 'device-1', key: quote, value: amount });
  await customer.pay(quote);
  const done = await landed(d1, quote);
  d1.services.payments.setForeground(null);
  return done ? { result: 'done' } : { result: 'waiting', note: `sale ${quote} not landed yet` };
};

const remoteSale: Operation = async (world, run) => {
  const { d1, cashier, customer, model } = world;
  const amount = run.random.sats(5_000);
  // A reload may hit either page; a freeze needs the merchant's, where the money is written.
  await run.armFault(run.fault.kind === 'reload' && run.random.chance(0.5) ? cashier : d1);
  let quote: string;
  try {
    quote = (await cashier.createInvoice(amount)).quote;
  } catch (error) {
    // No invoice was shown: nobody can pay it.
    return {
      result: error instanceof PageClosedError ? 'interrupted' : 'refused',
      note: errorMessage(error),
    };
  }
  model.sales.push({
    op: run.index,
    kind: 'remote',
    device: 'device-1',
    key: quote,
    value: amount,
  });
  await customer.pay(quote);
  const done = await landed(d1, quote, REMOTE_LAND_MS);
  return done
    ? { result: 'done' }
    : { result: 'waiting', note: `remote sale ${quote} not landed yet` };
};

const ecashSale: Operation = async (world, run) => {
  const { d1, customer, model } = world;
  const value = run.random.sats(5_000);
  // Now and then the customer gives more than the sale: the rest is a tip.
  const amount = run.random.chance(0.2)
    ? Math.max(1, value - run.random.int(0, value / 10))
    : value;
  const paid = await customer.token(value);
  await run.armFault(d1);
  model.sales.push({
    op: run.index,
    kind: 'ecash',
    device: 'device-1',
    key: paid.receiptId,
    value,
    secrets: paid.secrets,
  });
  const first = await call(d1, (s) => s.ecash.receiveToken(paid.token, { amount }));
  await run.faultsOff();
  if (await landed(d1, paid.receiptId, first.ok ? LAND_MS : 3_000)) {
    return first.ok ? { result: 'done' } : { result: 'interrupted', note: first.error };
  }
  // Refused or unclear, and the customer's ecash still unspent: the merchant pastes it again.
  const states = await proofStates(world.stack.mintUrl, paid.secrets);
  if ([...states.values()].every((state) => state === 'UNSPENT')) {
    const again = await call(d1, (s) => s.ecash.receiveToken(paid.token, { amount }));
    if (!again.ok) return failed(again);
  }
  const done = await landed(d1, paid.receiptId);
  return done
    ? { result: 'done', note: first.ok ? undefined : `pasted again after: ${first.error}` }
    : { result: 'waiting', note: `ecash sale ${paid.receiptId} not landed yet` };
};

// ------------------------------------------------------------------------------- money out

/**
 * What became of a token once built: the customer redeems it, or the merchant cancels it (and
 * keeps cancelling until no pending row is left). Faults are off for the customer's part. A
 * token holding proofs the other device spent cannot be redeemed: it is cancelled instead.
 */
async function settleToken(
  device: MerchantDevice,
  token: TokenRecord,
  encoded: string,
  redeem: boolean,
  run: OpRun,
  world: SoakWorld,
): Promise<OpOutcome> {
  const stale =
    token.staleValue > 0 ? ` (${token.staleValue} sats of it spent by the other device)` : '';
  if (redeem) {
    await run.faultsOff();
    try {
      await world.customer.redeem(encoded);
      token.fate = 'redeemed';
      // The device's spent watch closes the token.
      const closed = await waitFor(
        async () => (await withdrawalRow(device, token.id)) === undefined,
        LAND_MS,
      );
      return closed
        ? { result: 'done' }
        : { result: 'waiting', note: `token ${token.id} still pending` };
    } catch (error) {
      const note = `customer could not redeem: ${errorMessage(error)}${stale}`;
      if (token.staleValue === 0) return { result: 'refused', note };
      token.fate = (await cancelUntilGone(device, token)) ? 'cancelled' : 'open';
      return { result: 'stale', note };
    }
  }
  const first = await call(device, (s) => s.withdraw.cancelToken(token.id));
  await run.faultsOff();
  const gone = await cancelUntilGone(device, token);
  token.fate = gone ? 'cancelled' : 'open';
  if (!gone) return { result: 'waiting', note: `token ${token.id} could not be cancelled` };
  if (token.staleValue > 0) return { result: 'stale', note: `cancelled${stale}` };
  if (first.ok && first.value.status === 'redeemed') {
    return { result: 'refused', note: 'the mint says a token nobody redeemed is spent' };
  }
  return first.ok ? { result: 'done' } : failed(first);
}

/** The sats of a token's proofs among `stale`, as it was built. */
function staleSats(token: TokenRecord, stale: string[]): number {
  const set = new Set(stale);
  return token.secrets.reduce(
    (sum, secret, i) => sum + (set.has(secret) ? (token.values[i] ?? 0) : 0),
    0,
  );
}

/** Cancels a pending token until its row is gone (the cancel may fail, or stop mid-swap). */
async function cancelUntilGone(device: MerchantDevice, token: TokenRecord): Promise<boolean> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const row = await withdrawalRow(device, token.id).catch(() => 'unread');
    if (row === undefined) return true;
    await call(device, (s) => s.withdraw.cancelToken(token.id));
    await sleep(300 * (attempt + 1));
  }
  return (await withdrawalRow(device, token.id)) === undefined;
}

/** A token just built: its row's secrets, recorded in the model. */
async function recordToken(
  world: SoakWorld,
  device: MerchantDevice,
  index: number,
  built: { id: string; amount: number },
  refundOf?: number,
): Promise<TokenRecord> {
  // Read at once: the token's spent watch may settle proofs the other device spent any moment.
  const row = await withdrawalRow(device, built.id);
  const secrets = row?.secrets ?? [];
  const stored = new Map(
    (await device.services.storage.proofs.listUnspent()).map((p) => [p.secret, p.amount]),
  );
  const token: TokenRecord = {
    op: index,
    device: device.name as DeviceName,
    id: built.id,
    amount: built.amount,
    secrets,
    values: secrets.map((secret) => stored.get(secret) ?? 0),
    fate: 'open',
    staleValue: 0,
    ...(refundOf !== undefined ? { refundOf } : {}),
  };
  token.staleValue = staleSats(token, world.model.spentByOther(token.device, secrets));
  world.model.tokens.push(token);
  return token;
}

/** Withdraws everything or part of what `device` has available; redeemed or cancelled at once. */
async function withdrawOn(
  world: SoakWorld,
  device: MerchantDevice,
  run: OpRun,
  options: { redeem?: boolean } = {},
): Promise<OpOutcome> {
  const have = await available(device);
  if (have <= 0) return { result: 'refused', note: 'nothing available' };
  const amount = run.random.chance(0.4) ? undefined : run.random.int(1, have);
  const built = await call(device, (s) => s.withdraw.createToken(amount ? { amount } : {}));
  if (!built.ok) return failed(built);
  if (isWithdrawError(built.value)) {
    const stale = alreadySpent(built.value.error) && world.model.consumed[otherOf(device)].size > 0;
    return { result: stale ? 'stale' : 'refused', note: built.value.error };
  }
  const token = await recordToken(world, device, run.index, built.value);
  const redeem = options.redeem ?? run.random.chance(0.6);
  return settleToken(device, token, built.value.token, redeem, run, world);
}

/** The device's pending withdrawal row of this id, if any. */
async function withdrawalRow(device: MerchantDevice, id: string) {
  return device.services.storage.db.withdrawals.get(id);
}

function otherOf(device: MerchantDevice): DeviceName {
  return device.name === 'device-1' ? 'device-2' : 'device-1';
}

const withdrawal: Operation = async (world, run) => {
  await run.armFault(world.d1);
  return withdrawOn(world, world.d1, run);
};

/** An invoice of the dev Lightning address for `amount` sats (LUD-16), as Cash out asks for it. */
async function addressParams(world: SoakWorld): Promise<PayParams> {
  const destination = parseDestination(world.stack.lightningAddress);
  if (destination.kind !== 'lnurl') throw new Error('the dev address is no LNURL');
  return fetchPayParams(destination, (url, init) => fetch(url, init));
}

/** Pays a prepared melt quote; the model learns the quote before it is paid. */
async function payMelt(
  world: SoakWorld,
  run: OpRun,
  prepare: () => Promise<CashOutQuote>,
  refundOf?: number,
): Promise<OpOutcome> {
  const { d1 } = world;
  const planned = await call(d1, () => prepare());
  if (!planned.ok) return failed(planned, staleHint(world, planned.error));
  const plan = planned.value;
  world.model.melts.push({
    op: run.index,
    device: 'device-1',
    quote: plan.quote,
    amount: plan.amount,
    ...(refundOf !== undefined ? { refundOf } : {}),
  });
  const paid = await call(d1, (s) => s.cashOut.pay(plan, { acceptFee: true }));
  await run.faultsOff();
  if (!paid.ok) {
    // The melt row, if written, is finished by the next check of the mint.
    await waitForMelts(d1);
    return failed(paid, staleHint(world, paid.error));
  }
  if (paid.value.status === 'pending') {
    return (await waitForMelts(d1))
      ? { result: 'done', note: 'pending, then settled' }
      : { result: 'waiting', note: `melt ${plan.quote} pending` };
  }
  return paid.value.status === 'paid' ? { result: 'done' } : { result: 'refused', note: 'unpaid' };
}

function staleHint(world: SoakWorld, error: string): boolean {
  return alreadySpent(error) && world.model.consumed['device-2'].size > 0;
}

/**
 * The mint's "Token already spent." reached the merchant. Not `No unspent proofs available`: that
 * is the app's answer once its state check removed what the other device spent (decision 0049).
 */
function alreadySpent(error: string): boolean {
  return /already spent/i.test(error);
}

function waitForMelts(device: MerchantDevice): Promise<boolean> {
  return waitFor(async () => (await device.services.storage.melts.list()).length === 0, LAND_MS);
}

const cashOut: Operation = async (world, run) => {
  const { d1 } = world;
  const { available: have } = await d1.services.cashOut.spendable();
  const target = run.random.weighted({ address: 5, all: 2, outside: 3 });
  if (target === 'outside') {
    // An invoice of a node outside the mint: the melt costs a routing fee (dev/mint README).
    const amount = run.random.int(1, Math.max(1, Math.floor(have * 0.9) - 2));
    await run.armFault(d1);
    return payMelt(world, run, () => d1.services.cashOut.prepare(outsideInvoice(amount)));
  }
  const params = await addressParams(world);
  if (target === 'all') {
    await run.armFault(d1);
    return payMelt(world, run, () =>
      prepareCashOutAll(params, { cashOut: d1.services.cashOut, fetch: (u, i) => fetch(u, i) }),
    );
  }
  const amount = run.random.int(1, Math.max(1, Math.floor(have * 0.9) - 2));
  const invoice = await requestInvoice(params, amount, '', (u, i) => fetch(u, i));
  await run.armFault(d1);
  return payMelt(world, run, () =>
    d1.services.cashOut.prepare(invoice, params.label, params.description),
  );
};

/** Sales of device-1 with sats left to refund, by the app's own receipts. */
/** The soak reads a receipt's figures only; its words are plain English. */
const SOAK_RECEIPT_WORDS: ReceiptWords = {
  sats: (n) => `${formatSats(n)} sats`,
  reference: (reference) => `Ref ${reference}`,
  saleLine: 'Sale',
  customLine: 'Custom amount',
  subtotal: 'Subtotal',
  tax: 'Tax',
  tip: 'Tip',
  total: 'Total',
  paidWith: (method) => `Paid with ${method}`,
  refund: (date, time) => `Refund ${date} ${time}`,
  left: 'Left',
  receiptNumber: (number) => `Receipt no. ${number}`,
  taxNumber: (number) => `Tax no. ${number}`,
  discount: (reason) => (reason ? `Discount (${reason})` : 'Discount'),
  rateNet: (rate) => `Net ${rate} %`,
  rateTax: (rate) => `Tax ${rate} %`,
  rateGross: (rate) => `Gross ${rate} %`,
};

async function refundable(
  device: MerchantDevice,
): Promise<
  Array<{ sale: HistoryEvent; left: number; refunds: HistoryEvent[]; reference: string }>
> {
  const { storage, clock } = device.services;
  const rows = (await storage.db.historyEvents.toArray()) as HistoryEvent[];
  const sales = rows.filter((row) => historyKind(row.type)?.daySummary === 'sale');
  const found = [];
  for (const sale of sales.slice(-40)) {
    const loaded = await loadReceipt(
      sale,
      { historyRange: storage.historyRange, clock },
      SOAK_RECEIPT_WORDS,
    );
    if (loaded && loaded.receipt.leftSats > 0) {
      found.push({
        sale,
        left: loaded.receipt.leftSats,
        refunds: loaded.refunds,
        reference: loaded.receipt.reference,
      });
    }
  }
  return found;
}

const refund: Operation = async (world, run) => {
  const { d1 } = world;
  const candidates = await refundable(d1);
  const have = await available(d1);
  if (candidates.length === 0 || have < 2) return { result: 'refused', note: 'nothing to refund' };
  const { sale, left, refunds, reference } = run.random.pick(candidates);
  const link = { refundOf: sale.id, reference };
  if (run.random.chance(0.5)) {
    const amount = run.random.int(1, Math.min(left, Math.max(1, Math.floor(have * 0.9) - 2)));
    checkRefund(sale, refunds, amount);
    const params = await addressParams(world);
    const invoice = await requestInvoice(params, amount, '', (u, i) => fetch(u, i));
    await run.armFault(d1);
    return payMelt(
      world,
      run,
      async () => {
        const plan = await d1.services.cashOut.prepare(invoice, params.label, params.description);
        checkRefund(sale, refunds, plan.amount);
        return { ...plan, refund: { ...link, method: 'lightning' } };
      },
      sale.id,
    );
  }
  const amount = run.random.int(1, Math.min(left, have));
  checkRefund(sale, refunds, amount);
  await run.armFault(d1);
  // As RefundEcashForm does: never consolidated, so the token is exactly the refund.
  const built = await call(d1, (s) =>
    s.withdraw.createToken({ amount, consolidate: false, refund: { ...link, method: 'ecash' } }),
  );
  if (!built.ok) return failed(built);
  if (isWithdrawError(built.value)) return { result: 'refused', note: built.value.error };
  const token = await recordToken(world, d1, run.index, built.value, sale.id);
  return settleToken(d1, token, built.value.token, run.random.chance(0.8), run, world);
};

// --------------------------------------------------------------------------------- device 2

/**
 * Longest device-2 waits for its phrase scan: the scan walks every counter the phrase used, from
 * 0, so it grows with the run (100 to 400 s near the end of a full run on a loaded machine).
 */
export const SCAN_LIMIT_MS = 20 * 60_000;

/**
 * The phrase's second device: the first time, onboarding restores the phrase there; later, now and
 * then Settings' Recover funds scans again (a scan walks every counter the phrase used, so it
 * grows with the run). Then it withdraws some of what it holds, redeemed by the customer:
 * device-1 still counts those proofs (issue 46).
 */
const deviceTwo: Operation = async (world, run) => {
  const opening = world.d2 === undefined;
  const d2 = world.d2 ?? world.openDevice2();
  const scan = opening || run.random.chance(0.35);
  const before = opening ? 0 : await restoreRows(d2);
  await run.armFault(d2);
  const scanStarted = Date.now();
  let scanNote = '';
  if (opening) {
    await d2.onboard({ phrase: world.phrase, mode: 'restore' });
  } else if (scan) {
    const started = await call(d2, (s) => s.restore.start('settings'));
    if (!started.ok && !started.closed) return failed(started);
  }
  if (scan) {
    world.model.scans.push({ op: run.index, device: 'device-2' });
    const scanned = await waitFor(
      async () =>
        (await d2.services.storage.restore.current()) === undefined &&
        (await restoreRows(d2)) > before,
      SCAN_LIMIT_MS,
    );
    if (!scanned) return { result: 'waiting', note: 'the restore scan did not end' };
    scanNote = `scan ${Math.round((Date.now() - scanStarted) / 1000)} s`;
    world.model.nextRound();
    world.model.look('device-2', await unspentProofs(d2));
  }
  const outcome = await withdrawOn(world, d2, run, { redeem: true });
  // Nothing to spend, from the start or once the state check removed what device-1 spent.
  const nothing =
    outcome.result === 'refused' &&
    (outcome.note === 'nothing available' || outcome.note === NO_PROOFS_MESSAGE);
  const ended = nothing ? { result: 'done' as const, note: 'found nothing to spend' } : outcome;
  return scanNote ? { ...ended, note: [scanNote, ended.note].filter(Boolean).join('; ') } : ended;
};

function restoreRows(device: MerchantDevice): Promise<number> {
  return device.services.storage.db.historyEvents.where('type').equals('restore').count();
}

export const OPERATIONS: Record<OpKind, Operation> = {
  'local-sale': localSale,
  'remote-sale': remoteSale,
  'ecash-sale': ecashSale,
  withdrawal,
  'cash-out': cashOut,
  refund,
  'device-2': deviceTwo,
};

/** Whether `kind` can run now (money out needs money); drawn again otherwise. */
export async function feasible(world: SoakWorld, kind: OpKind): Promise<boolean> {
  switch (kind) {
    case 'withdrawal':
      return (await available(world.d1)) > 0;
    case 'cash-out':
      return (await world.d1.services.cashOut.spendable()).available >= 20;
    case 'refund':
      return (await available(world.d1)) >= 2;
    default:
      return true;
  }
}
