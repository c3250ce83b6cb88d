// CLI for the dev relay: `node --import tsx dev/relay/main.ts` (env PORT, HOST, RELAY_FILE,
// RELAY_AUTH, RELAY_AUTH_ALLOW; dev/relay/README.md).
import { startRelay } from './server.ts';

const relay = await startRelay({
  port: Number(process.env.PORT ?? 7777),
  host: process.env.HOST || '127.0.0.1',
  file: process.env.RELAY_FILE || undefined,
  ...authOption(),
});
console.log(`Dev relay listening on ${relay.url}`);
if (process.env.RELAY_FILE) console.log(`Events are kept in ${process.env.RELAY_FILE}`);
if (process.env.RELAY_AUTH === '1') console.log('Gift wraps are served after NIP-42 AUTH only');

/** RELAY_AUTH=1 turns AUTH on for gift wraps; RELAY_AUTH_ALLOW (comma-separated hex) limits keys. */
function authOption() {
  if (process.env.RELAY_AUTH !== '1') return {};
  const allow = (process.env.RELAY_AUTH_ALLOW ?? '')
    .split(',')
    .map((key) => key.trim().toLowerCase())
    .filter(Boolean);
  return { auth: allow.length > 0 ? { allow } : {} };
}

const stop = () => {
  void relay.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
