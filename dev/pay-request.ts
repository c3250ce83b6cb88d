// CLI: a customer's wallet paying a Cashew sale's NUT-18 request from the dev stack, so `npm start`
// shows an ecash payment offline: `node --import tsx dev/pay-request.ts <creqA…|CREQB…>` (or the
// request on stdin). Proofs are minted from its own seed at the dev mint, which pays its own
// invoice at once, in the unit the request asks for (sat, or usd/eur cents).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import type { CounterSource } from '@cashu/cashu-ts';
import { mintProofs, payloadWrap, publishOn, readRequest, type PayerSeed } from './ecash-payer.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // On top of the request's amount, in its unit: the merchant records it as the tip.
    tip: { type: 'string', default: '0' },
    // The payer's own seed and NUT-13 counters, kept across runs (made on the first).
    wallet: { type: 'string', default: process.env.PAYER_FILE ?? '.data/payer.json' },
  },
});

interface PayerFile {
  seed: string;
  counters: Record<string, number>;
}

/** The payer's seed from `file`, and counters that are written back before any output is sent. */
function payerSeed(file: string): PayerSeed {
  let state: PayerFile;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as PayerFile;
  } catch {
    state = { seed: randomBytes(64).toString('hex'), counters: {} };
  }
  const save = () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(state, null, 2));
  };
  save();
  const counters: CounterSource = {
    async reserve(keysetId, n) {
      const start = state.counters[keysetId] ?? 0;
      state.counters[keysetId] = start + n;
      if (n > 0) save();
      return { start, count: n };
    },
    async advanceToAtLeast(keysetId, minNext) {
      if ((state.counters[keysetId] ?? 0) >= minNext) return;
      state.counters[keysetId] = minNext;
      save();
    },
  };
  return { seed: Uint8Array.from(Buffer.from(state.seed, 'hex')), counters };
}

async function stdinText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const text = (positionals[0] ?? (await stdinText())).trim();
if (!text) {
  console.error('Usage: node --import tsx dev/pay-request.ts <creqA…|CREQB…>  (or on stdin)');
  process.exit(2);
}
const request = readRequest(text);
const mint = request.mints[0];
const tip = Number(values.tip);
if (!mint || request.amount <= 0 || !request.id || request.relays.length === 0) {
  console.error('The request needs an id, an amount, a mint and a Nostr relay.');
  process.exit(2);
}
if (!Number.isSafeInteger(tip) || tip < 0) {
  console.error("--tip must be a whole number of the request's unit (sats, cents)");
  process.exit(2);
}
const amount = request.amount + tip;
const unit = request.unit ?? 'sat';
const proofs = await mintProofs(
  mint,
  amount,
  undefined,
  payerSeed(values.wallet),
  request.lock,
  unit,
);
await publishOn(request.relays, payloadWrap(request, { proofs }));
console.log(
  `Paid request ${request.id}: ${amount} ${unit === 'sat' ? 'sats' : `${unit} (minor units)`} from ${mint}, sent on ${request.relays.join(', ')}`,
);
// The relay sockets close with the pool; nothing else keeps the process alive.
process.exit(0);
