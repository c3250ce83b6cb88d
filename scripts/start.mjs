// `npm start`: runs the dev mint, relay, Lightning address, price feed, Bolt Card service and the
// app's Vite dev server, offline.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const host = '127.0.0.1';
const mintPort = Number(env.MINT_PORT || 3338);
const relayPort = Number(env.RELAY_PORT || 7777);
const appPort = Number(env.APP_PORT || 5173);
const lnurlPort = Number(env.LNURL_PORT || 3339);
const pricesPort = Number(env.PRICES_PORT || 3340);
const boltCardPort = Number(env.BOLTCARD_PORT || 3341);
// Events survive restarts like the mint's quotes do; RELAY_FILE= (empty) keeps them in memory only.
const relayFile = env.RELAY_FILE ?? join('.data', 'relay.json');

const mintUrl = `http://${host}:${mintPort}`;
const relayUrl = `ws://${host}:${relayPort}`;
const appUrl = `http://${host}:${appPort}`;
const lnurlUrl = `http://${host}:${lnurlPort}`;
const lightningAddress = `merchant@${host}:${lnurlPort}`;
const pricesUrl = `http://${host}:${pricesPort}/api/v1/prices`;
const boltCardUrl = `http://${host}:${boltCardPort}`;
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;

const children = [];
let stopping = false;

function run(label, args, extraEnv) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so stopping also reaches grandchildren (esbuild under Vite).
    detached: true,
  });
  const entry = { label, child, exited: false };
  children.push(entry);
  prefixLines(child.stdout, label, process.stdout);
  prefixLines(child.stderr, label, process.stderr);
  child.on('exit', (code, signal) => {
    entry.exited = true;
    if (stopping) return;
    console.error(`\n[start] ${label} exited (${signal ?? `code ${code}`}); stopping the others.`);
    void stopAll(1);
  });
  child.on('error', (error) => {
    entry.exited = true;
    if (!stopping) {
      console.error(`[start] could not run ${label}: ${error.message}`);
      void stopAll(1);
    }
  });
  return entry;
}

function prefixLines(stream, label, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      out.write(line.startsWith(`[${label}]`) ? `${line}\n` : `[${label}] ${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`[${label}] ${pending}\n`);
  });
}

function signalGroup(entry, signal) {
  if (entry.exited || entry.child.pid === undefined) return;
  try {
    process.kill(-entry.child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const entry of children) signalGroup(entry, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (children.some((e) => !e.exited) && Date.now() < deadline) await sleep(100);
  for (const entry of children) signalGroup(entry, 'SIGKILL');
  process.exit(exitCode);
}

// Last resort if we are ending without stopAll (e.g. an uncaught error): leave no orphans.
process.on('exit', () => {
  for (const entry of children) signalGroup(entry, 'SIGKILL');
});
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(label, url, headers = {}) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping');
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  throw new Error(`${label} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

async function main() {
  // The mint prices its usd and eur quotes from the dev price feed (dev/mint/README.md).
  run('mint', ['--import', 'tsx', 'dev/mint/main.ts'], {
    PORT: String(mintPort),
    HOST: host,
    PRICES_URL: pricesUrl,
  });
  run('relay', ['--import', 'tsx', 'dev/relay/main.ts'], {
    PORT: String(relayPort),
    HOST: host,
    RELAY_FILE: relayFile,
  });
  run('lnurl', ['--import', 'tsx', 'dev/lnurl/main.ts'], {
    PORT: String(lnurlPort),
    HOST: host,
    MINT_URL: mintUrl,
  });
  run('prices', ['--import', 'tsx', 'dev/prices/main.ts'], {
    PORT: String(pricesPort),
    HOST: host,
  });
  run('boltcard', ['--import', 'tsx', 'dev/boltcard/main.ts'], {
    PORT: String(boltCardPort),
    HOST: host,
    MINT_URL: mintUrl,
  });
  run(
    'app',
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      '--port',
      String(appPort),
      '--strictPort',
      '--host',
      host,
    ],
    {
      VITE_DEFAULT_MINT_URL: mintUrl,
      VITE_DEFAULT_RELAYS: JSON.stringify([relayUrl]),
      VITE_DISCOVERY_RELAYS: JSON.stringify([relayUrl]),
      VITE_AUDITOR_URL: '',
      // The price source the build defaults to: the dev price feed.
      VITE_PRICE_URL: pricesUrl,
    },
  );

  await Promise.all([
    waitFor('mint', `${mintUrl}/v1/info`),
    waitFor('relay', relayUrl.replace('ws://', 'http://'), { Accept: 'application/nostr+json' }),
    waitFor('lnurl', `${lnurlUrl}/.well-known/lnurlp/merchant`),
    waitFor('prices', pricesUrl),
    waitFor('boltcard', `${boltCardUrl}/card/callback`),
  ]);
  // Mint discovery in onboarding then finds the local mint with no internet.
  const { seedMintRecommendation } = await tsImport('../dev/relay/seed.ts', import.meta.url);
  await seedMintRecommendation(relayUrl, mintUrl);
  await waitFor('app', `${appUrl}/`);

  console.log(`
  ┌─ Cashew POS is running ───────────────────────────────────────────────
  │  App     ${appUrl}/
  │  Mint    ${mintUrl}/   (dev mint; its page lists open invoices with a Pay button)
  │  Relay   ${relayUrl}
  │  Address ${lightningAddress}   (dev Lightning address; its invoices settle inside the mint)
  │  Prices  ${pricesUrl}   (dev price feed; POST /dev/prices to change)
  │  Card    lnurlw://${host}:${boltCardPort}/card?p=${'dev0'.repeat(8)}&c=${'c0de'.repeat(4)}
  │          (dev Bolt Card, LNURL-withdraw; pays through the mint: dev/README.md)
  │
  │  Pay an invoice: press Pay on ${mintUrl}/
  │               or curl -X POST ${mintUrl}/dev/pay/<quote id>
  │  Press Ctrl-C to stop them all.
  └───────────────────────────────────────────────────────────────────────
`);
}

main().catch((error) => {
  if (stopping) return;
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  void stopAll(1);
});
