// CLI for the dev mint: `node --import tsx dev/mint/main.ts [--fresh]`, configured by flags or env.
import { parseArgs } from 'node:util';
import { startMint } from './server.ts';

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    'input-fee-ppk': { type: 'string' },
    'pay-delay-ms': { type: 'string' },
    'routing-fee-sat': { type: 'string' },
    'nut-error-codes': { type: 'string' },
    'no-nut20': { type: 'boolean', default: false },
    'accept-expired-invoices': { type: 'boolean', default: false },
    'prices-url': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const num = (text: string | undefined): number | undefined =>
  text === undefined || text === '' ? undefined : Number(text);
const env = process.env;

const mint = await startMint({
  port: num(values.port ?? env.PORT) ?? 3338,
  host: values.host ?? env.HOST ?? '127.0.0.1',
  dataDir: values['data-dir'] ?? env.DATA_DIR ?? '.data/mint',
  fresh: values.fresh,
  inputFeePpk: num(values['input-fee-ppk'] ?? env.INPUT_FEE_PPK) ?? 0,
  payDelayMs: num(values['pay-delay-ms'] ?? env.PAY_DELAY_MS),
  quoteExpirySeconds: num(env.QUOTE_EXPIRY_SECONDS),
  routingFeeSat: num(values['routing-fee-sat'] ?? env.ROUTING_FEE_SAT),
  nutErrorCodes:
    (values['nut-error-codes'] ?? env.NUT_ERROR_CODES) === 'current' ? 'current' : 'older',
  nut20: !(values['no-nut20'] || env.NUT20 === 'off'),
  acceptExpiredInvoices: values['accept-expired-invoices'] || env.ACCEPT_EXPIRED_INVOICES === 'on',
  pricesUrl: values['prices-url'] ?? (env.PRICES_URL || undefined),
  log: values.quiet ? undefined : (line) => console.log(`[mint] ${line}`),
});

console.log(`Cashew dev mint listening on ${mint.url} (data: ${mint.dataDir})`);

const stop = () => {
  void mint.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
