// CLI for the dev Lightning address: `node --import tsx dev/lnurl/main.ts`, configured by env.
import { startLnurl } from './server.ts';

const env = process.env;
const num = (text: string | undefined): number | undefined =>
  text === undefined || text === '' ? undefined : Number(text);

const lnurl = await startLnurl({
  mintUrl: env.MINT_URL || 'http://127.0.0.1:3338',
  port: num(env.PORT) ?? 3339,
  host: env.HOST || '127.0.0.1',
  ...(env.LNURL_NAME ? { name: env.LNURL_NAME } : {}),
  ...(num(env.MIN_SENDABLE) !== undefined ? { minSendable: num(env.MIN_SENDABLE) } : {}),
  ...(num(env.MAX_SENDABLE) !== undefined ? { maxSendable: num(env.MAX_SENDABLE) } : {}),
  ...(num(env.COMMENT_ALLOWED) !== undefined ? { commentAllowed: num(env.COMMENT_ALLOWED) } : {}),
  log: env.QUIET ? undefined : (line) => console.log(`[lnurl] ${line}`),
});

console.log(`Cashew dev Lightning address ${lnurl.address} (LNURL-pay on ${lnurl.url})`);

const stop = () => {
  void lnurl.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
