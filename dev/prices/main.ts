// CLI for the dev price feed: `node --import tsx dev/prices/main.ts` (env PORT, HOST, QUIET).
import { startPriceFeed } from './server.ts';

const env = process.env;
const feed = await startPriceFeed({
  port: env.PORT ? Number(env.PORT) : 3340,
  host: env.HOST || '127.0.0.1',
  log: env.QUIET ? undefined : (line) => console.log(`[prices] ${line}`),
});

console.log(`Cashew dev price feed on ${feed.pricesUrl}`);

const stop = () => {
  void feed.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
