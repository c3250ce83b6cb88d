// CLI: a customer's wallet paying a Cashew sale's NUT-18 request from the dev stack, so `npm start`
// shows an ecash payment offline: `node --import tsx dev/pay-request.ts <creqA…|CREQB…>` (or the
// request on stdin). Proofs are minted at the dev mint, which pays its own invoice at once.
import { parseArgs } from 'node:util';
import { mintProofs, payloadWrap, publishOn, readRequest } from './ecash-payer.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // Sats on top of the request's amount: the merchant records them as the tip.
    tip: { type: 'string', default: '0' },
  },
});

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
  console.error('The request needs an id, an amount in sats, a mint and a Nostr relay.');
  process.exit(2);
}
if (!Number.isSafeInteger(tip) || tip < 0) {
  console.error('--tip must be a whole number of sats');
  process.exit(2);
}
const amount = request.amount + tip;
const proofs = await mintProofs(mint, amount);
await publishOn(request.relays, payloadWrap(request, { proofs }));
console.log(
  `Paid request ${request.id}: ${amount} sats from ${mint}, sent on ${request.relays.join(', ')}`,
);
// The relay sockets close with the pool; nothing else keeps the process alive.
process.exit(0);
