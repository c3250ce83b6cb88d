// What the end check reads: each device's balance, proofs, history and unfinished work from its
// database, and the mint's own answers about every proof, quote and melt the soak knows of.
import type { HistoryEvent } from '../../src/core/history-ports.ts';
import type { MerchantDevice } from './merchant.ts';
import { meltFacts, proofStates } from './mint-facts.ts';
import type { DeviceFacts, DeviceName, MintFacts } from './model.ts';
import type { SoakWorld } from './ops.ts';

/** Whether a customer paid the mint quote (the dev mint's own record). */
function quotePaid(world: SoakWorld, quote: string): boolean {
  const state = world.stack.mint.mintQuote(quote)?.state;
  return state === 'PAID' || state === 'ISSUED';
}

/**
 * Work a device left half done: journals and pending rows every resume should have finished,
 * and sales a customer paid that the device has not recorded. Empty once everything settled.
 */
export async function leftovers(device: MerchantDevice, world: SoakWorld): Promise<string[]> {
  const { db, restore } = device.services.storage;
  const found: string[] = [];
  for (const quote of await db.mintQuotes.toArray()) {
    const paid = quote.state !== 'UNPAID' || quotePaid(world, quote.quote);
    if (paid || quote.reservation || quote.lockedOutputs) {
      found.push(`mint quote ${quote.quote} (${quote.kind}) paid but not minted`);
    }
  }
  for (const row of await db.ecashReceipts.toArray()) found.push(`ecash journal ${row.id}`);
  for (const row of await db.foreignEcash.toArray()) found.push(`foreign ecash journal ${row.id}`);
  for (const row of await db.melts.toArray()) found.push(`melt ${row.quote}`);
  for (const row of await db.withdrawals.toArray()) {
    found.push(row.consolidation ? `swap journal ${row.id}` : `pending token ${row.id}`);
  }
  if ((await restore.current()) !== undefined) found.push('a restore scan');
  if (device.name === 'device-1') {
    for (const sale of world.model.sales) {
      if (sale.kind === 'ecash' || !quotePaid(world, sale.key)) continue;
      const rows = await db.historyEvents.where('quoteId').equals(sale.key).count();
      if (rows === 0) found.push(`${sale.kind} sale ${sale.key} paid but not recorded`);
    }
  }
  return found;
}

async function deviceFacts(device: MerchantDevice, world: SoakWorld): Promise<DeviceFacts> {
  const { storage } = device.services;
  return {
    name: device.name as DeviceName,
    balance: await storage.proofs.balance(),
    proofs: await storage.proofs.listUnspent(),
    history: (await storage.db.historyEvents.toArray()) as HistoryEvent[],
    leftovers: await leftovers(device, world),
  };
}

export async function gatherFacts(
  world: SoakWorld,
): Promise<{ mint: MintFacts; devices: DeviceFacts[] }> {
  const devices = [await deviceFacts(world.d1, world)];
  if (world.d2) devices.push(await deviceFacts(world.d2, world));
  const secrets = new Set<string>();
  for (const device of devices) for (const proof of device.proofs) secrets.add(proof.secret);
  for (const sale of world.model.sales)
    for (const secret of sale.secrets ?? []) secrets.add(secret);
  const paid = new Map<string, boolean>();
  for (const sale of world.model.sales) {
    if (sale.kind !== 'ecash') paid.set(sale.key, quotePaid(world, sale.key));
  }
  const melts = new Map<string, { state: string; amount: number; feePaid: number }>();
  for (const melt of world.model.melts) {
    const found = await meltFacts(world.stack.mintUrl, melt.quote);
    if (found) melts.set(melt.quote, found);
  }
  return {
    mint: {
      quotePaid: paid,
      proofState: await proofStates(world.stack.mintUrl, secrets),
      melts,
    },
    devices,
  };
}
