// CLI for the dev Bolt Card service: `node --import tsx dev/boltcard/main.ts`, configured by env.
import { startBoltCard } from './server.ts';

const env = process.env;
const card = await startBoltCard({
  mintUrl: env.MINT_URL || 'http://127.0.0.1:3338',
  port: Number(env.PORT || 3341),
  host: env.HOST || '127.0.0.1',
  log: env.QUIET ? undefined : (line) => console.log(`[boltcard] ${line}`),
});

console.log(`Cashew dev Bolt Card ${card.cardUrl}`);

const stop = () => {
  void card.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
