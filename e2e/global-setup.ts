// E2E global setup: dev mint + dev relay on free ports, a production build pointed at them, served.
import { startStack } from '../dev/stack.ts';

/** What tests read (through e2e/fixtures.ts); workers inherit the runner's environment. */
export const E2E_ENV = {
  app: 'E2E_APP_URL',
  mint: 'E2E_MINT_URL',
  relay: 'E2E_RELAY_URL',
} as const;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack({ tempPrefix: 'cashew-e2e-' });
  process.env[E2E_ENV.app] = stack.appUrl;
  process.env[E2E_ENV.mint] = stack.mintUrl;
  process.env[E2E_ENV.relay] = stack.relayUrl;
  return () => stack.close();
}
