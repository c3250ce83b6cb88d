// CLI for the dev relay: `node --import tsx dev/relay/main.ts` (env PORT, HOST, RELAY_FILE).
import { startRelay } from './server.ts';

const relay = await startRelay({
  port: Number(process.env.PORT ?? 7777),
  host: process.env.HOST || '127.0.0.1',
  file: process.env.RELAY_FILE || undefined,
});
console.log(`Dev relay listening on ${relay.url}`);
if (process.env.RELAY_FILE) console.log(`Events are kept in ${process.env.RELAY_FILE}`);

const stop = () => {
  void relay.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
