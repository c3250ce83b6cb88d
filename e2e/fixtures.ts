// Playwright `test` with the URLs of the app, dev mint and dev relay, and small shared helpers.
import { test as base, expect, type Page } from '@playwright/test';
import { DEFAULT_DB_NAME } from '../src/storage/database/db-name';
import { onboardedHintKey } from '../src/storage/first-screen/onboarded-hint';

export { expect };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with playwright.config.ts`);
  return value;
}

export interface CashewFixtures {
  /** Base URL of the built app (also Playwright's baseURL, so page.goto('/wallet') works). */
  appUrl: string;
  /** HTTP URL of the dev mint the app build defaults to. */
  mintUrl: string;
  /** ws:// URL of the dev relay the app build defaults to. */
  relayUrl: string;
  /** http URL of the dev LNURL-pay server (POST {lnurlUrl}/dev/faults for nonsense answers). */
  lnurlUrl: string;
  /** A Lightning address on loopback, `merchant@127.0.0.1:PORT`, paid through the dev mint. */
  lightningAddress: string;
  /** The dev price feed, `http://127.0.0.1:PORT/api/v1/prices` (POST …/dev/prices to change it). */
  pricesUrl: string;
  /** The dev Bolt Card's NDEF URL, `lnurlw://127.0.0.1:PORT/card?p=…&c=…`, paying through the dev mint. */
  boltCardUrl: string;
  /** Pays a mint quote's invoice (simulated Lightning): POST {mint}/dev/pay/{quote}. */
  payQuote: (quoteId: string) => Promise<void>;
}

/* eslint-disable no-empty-pattern -- Playwright requires a destructuring first argument */
export const test = base.extend<CashewFixtures>({
  appUrl: async ({}, use) => use(required('E2E_APP_URL')),
  mintUrl: async ({}, use) => use(required('E2E_MINT_URL')),
  relayUrl: async ({}, use) => use(required('E2E_RELAY_URL')),
  lnurlUrl: async ({}, use) => use(required('E2E_LNURL_URL')),
  lightningAddress: async ({}, use) => use(required('E2E_LIGHTNING_ADDRESS')),
  pricesUrl: async ({}, use) => use(required('E2E_PRICES_URL')),
  boltCardUrl: async ({}, use) => use(required('E2E_BOLTCARD_URL')),
  /* eslint-enable no-empty-pattern */
  baseURL: async ({ appUrl }, use) => use(appUrl),
  payQuote: async ({ mintUrl, request }, use) => {
    await use(async (quoteId) => {
      const response = await request.post(`${mintUrl}/dev/pay/${encodeURIComponent(quoteId)}`);
      if (!response.ok()) {
        throw new Error(
          `paying quote ${quoteId} failed: ${response.status()} ${await response.text()}`,
        );
      }
    });
  },
});

/**
 * Sets the ONBOARDED flag in the app's IndexedDB, for tests of screens behind the onboarding
 * guard that do not go through onboarding. Visiting / first lets the app create its database
 * (it does so once the welcome screen is up, so this waits for its config table). Like finishing
 * onboarding, it also sets the flag's copy in localStorage, unless `copy: false` (a wallet from
 * before the copy existed; docs/decisions/0020-onboarded-hint.md).
 */
export async function markOnboarded(page: Page, { copy = true } = {}): Promise<void> {
  await page.goto('/');
  await page.waitForURL('**/onboarding');
  await page.evaluate(async () => {
    // Writes the flag once the app's database has its config table; until then (not created
    // yet, or being created) it opens nothing it would create itself and tries again shortly.
    const tryWrite = () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = (event) => {
          event.preventDefault();
          resolve(false);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('config')) {
            db.close();
            resolve(false);
            return;
          }
          const tx = db.transaction('config', 'readwrite');
          tx.objectStore('config').put({ key: 'ONBOARDED', value: 'true', updatedAt: Date.now() });
          tx.oncomplete = () => {
            db.close();
            resolve(true);
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    while (!(await tryWrite())) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  if (copy) {
    await page.evaluate((key) => localStorage.setItem(key, '1'), onboardedHintKey(DEFAULT_DB_NAME));
  }
}
