// E2E global setup: the dev servers (mint, relay, Lightning address, prices, Bolt Card) on free
// ports, the app built and served.
import { startStack } from '../dev/stack.ts';

/** What tests read (through e2e/fixtures.ts); workers inherit the runner's environment. */
export const E2E_ENV = {
  app: 'E2E_APP_URL',
  mint: 'E2E_MINT_URL',
  relay: 'E2E_RELAY_URL',
  lnurl: 'E2E_LNURL_URL',
  lightningAddress: 'E2E_LIGHTNING_ADDRESS',
  prices: 'E2E_PRICES_URL',
  boltCard: 'E2E_BOLTCARD_URL',
} as const;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack({ tempPrefix: 'cashew-e2e-' });
  process.env[E2E_ENV.app] = stack.appUrl;
  process.env[E2E_ENV.mint] = stack.mintUrl;
  process.env[E2E_ENV.relay] = stack.relayUrl;
  process.env[E2E_ENV.lnurl] = stack.lnurlUrl;
  process.env[E2E_ENV.lightningAddress] = stack.lightningAddress;
  process.env[E2E_ENV.prices] = stack.pricesUrl;
  process.env[E2E_ENV.boltCard] = stack.boltCardUrl;
  return () => stack.close();
}
