// The prerendered welcome in the built app: on the page before React runs, React attaches to that
// markup (the same nodes, no second render) and its buttons work; the keypad renders on the client.
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_DB_NAME } from '../src/storage/database/db-name';
import { onboardedHintKey } from '../src/storage/first-screen/onboarded-hint';
import { expect, markOnboarded, test } from './fixtures';

/**
 * Before the page's scripts: tags the button with this text the moment the early script puts the
 * prerendered screen in, so the test can tell the node React hydrated from a node it rendered anew.
 */
function tagPrerenderedButton(text: string) {
  new MutationObserver((_changes, observer) => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
    if (button) (button as HTMLButtonElement & { prerendered?: boolean }).prerendered = true;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function openPrerendered(page: Page, text: string) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.addInitScript(tagPrerenderedButton, text);
  await page.goto('/');
  const button = page.getByRole('button', { name: text, exact: true });
  await expect(button).toBeEnabled();
  return { button, warnings };
}

test('a new user gets the prerendered welcome, hydrated in place, and Create New Wallet works', async ({
  page,
}) => {
  const { button, warnings } = await openPrerendered(page, 'Create New Wallet');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'welcome');
  await expect.poll(() => button.evaluate((b) => 'prerendered' in b)).toBe(true);

  await button.click();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  expect(warnings.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
});

test('an onboarded merchant gets the keypad rendered on the client, never a dead prerendered one', async ({
  page,
}) => {
  await markOnboarded(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
  for (const digit of ['2', '1']) {
    await page.getByRole('button', { name: digit, exact: true }).click();
  }
  await expect(page.getByTestId('keypad-amount')).toHaveText('21 sats');
});

/**
 * Holds the app's database from a second page of the same browser until `release` is called (or
 * 20 s pass): an upgrade, aborted at the end, so every open in the meantime waits and the version
 * does not change.
 */
async function holdDatabase(page: Page): Promise<{ release(): Promise<void> }> {
  const holder = await page.context().newPage();
  // Same origin, no app on it: the manifest is a plain document.
  await holder.goto('/manifest.webmanifest');
  await holder.evaluate(
    () =>
      new Promise<void>((held, failed) => {
        const probe = indexedDB.open('cashew-pos');
        probe.onerror = () => failed(probe.error);
        probe.onsuccess = () => {
          const { version } = probe.result;
          probe.result.close();
          const upgrade = indexedDB.open('cashew-pos', version + 1);
          upgrade.onerror = (event) => event.preventDefault(); // the abort below
          upgrade.onupgradeneeded = () => {
            const transaction = upgrade.transaction!;
            const config = transaction.objectStore('config');
            const until = Date.now() + 20_000;
            const spin = () => {
              const released = (window as { released?: boolean }).released;
              if (!released && Date.now() < until) config.get('ONBOARDED').onsuccess = spin;
              else transaction.abort();
            };
            spin();
            held();
          };
        };
      }),
  );
  return {
    release: async () => {
      await holder.evaluate(() => ((window as { released?: boolean }).released = true));
      await holder.close();
    },
  };
}

const copyOf = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), onboardedHintKey(DEFAULT_DB_NAME));

/** React owns this node: its props are on it (the hydrated markup, not the server's). */
const reactOwns = (locator: Locator) =>
  locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));

test.describe('a wallet from before the flag had its copy', () => {
  test('IndexedDB answers before React runs: the welcome is dropped unhydrated, the keypad renders', async ({
    page,
  }) => {
    await markOnboarded(page, { copy: false });
    expect(await copyOf(page)).toBeNull();
    // The app's code is held until IndexedDB has answered (the early script, a file of its own,
    // writes the copy then).
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect.poll(() => copyOf(page)).toBe('1');
    releaseScript();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
    await expect(page.getByRole('button', { name: 'Create New Wallet' })).toHaveCount(0);

    // From then on it waits for IndexedDB and never shows the welcome.
    await page.unroute('**/assets/index-*.js');
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('root')?.hasAttribute('data-prerendered')) {
          (window as { sawWelcome?: boolean }).sawWelcome = true;
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(
      await page.evaluate(() => (window as { sawWelcome?: boolean }).sawWelcome),
    ).toBeUndefined();
  });

  test('a screen behind the guard, opened directly, waits for IndexedDB and opens', async ({
    page,
  }) => {
    await markOnboarded(page, { copy: false });
    const database = await holdDatabase(page);
    await page.goto('/settings');
    // Nothing sends it to onboarding while IndexedDB is held...
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/settings$/);
    await database.release();
    // ...and its answer opens the screen.
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await expect.poll(() => copyOf(page)).toBe('1');
  });

  test('IndexedDB answers after the welcome was hydrated: the app moves on to the keypad', async ({
    page,
  }) => {
    await markOnboarded(page, { copy: false });
    const database = await holdDatabase(page);
    await page.goto('/');
    // Hydrated and working while IndexedDB is held...
    const create = page.getByRole('button', { name: 'Create New Wallet' });
    await expect.poll(() => reactOwns(create)).toBe(true);
    await expect(page).toHaveURL(/\/onboarding$/);
    await database.release();
    // ...then its answer sends the merchant home.
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);
    expect(await copyOf(page)).toBe('1');
  });
});

test("the merchant's keypad goes up on the copy of the flag, before IndexedDB answers", async ({
  page,
}) => {
  await markOnboarded(page);
  expect(await copyOf(page)).toBe('1');
  const database = await holdDatabase(page);
  await page.goto('/');
  // Rendered and typing while IndexedDB is held...
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  for (const digit of ['2', '1']) {
    await page.getByRole('button', { name: digit, exact: true }).click();
  }
  await expect(page.getByTestId('keypad-amount')).toHaveText('21 sats');
  await database.release();
  // ...and IndexedDB's answer, the same, changes nothing.
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('keypad-amount')).toHaveText('21 sats');
});

test('a copy of the flag whose wallet is gone only costs a moment: the device goes to onboarding', async ({
  page,
}) => {
  // A copy that says "wallet" where IndexedDB has none (the wallet cleared, the copy left).
  await markOnboarded(page);
  await page.evaluate(
    () =>
      new Promise<void>((done, failed) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => failed(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('config', 'readwrite');
          tx.objectStore('config').delete('ONBOARDED');
          tx.oncomplete = () => {
            open.result.close();
            done();
          };
        };
      }),
  );
  expect(await copyOf(page)).toBe('1');
  const database = await holdDatabase(page);
  await page.goto('/');
  // The keypad goes up on the copy while IndexedDB is held...
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await database.release();
  // ...and IndexedDB's answer sends the device to onboarding, and removes the copy.
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeEnabled();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect.poll(() => copyOf(page)).toBeNull();
});

test('any other first URL renders on the client as before', async ({ page }) => {
  await markOnboarded(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
});

test("a merchant opening the wallet directly: its files download before the app's code runs, the services' after", async ({
  page,
}) => {
  await markOnboarded(page);
  // The app's code is held; only the early script runs meanwhile.
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/wallet', { waitUntil: 'commit' });
  await expect
    // The wallet screen is in the named `wallet` chunk (decision 0105), its first read in
    // `walletFirst` and `stores` (decision 0112).
    .poll(() => fetched.filter((path) => /\/(wallet|walletFirst|stores)-[\w-]{8}\.js$/.test(path)))
    .toHaveLength(3);
  expect(fetched.some((path) => /\/index-[\w-]+\.js$/.test(path))).toBe(false);
  // The services' start-up (app/services/startup.ts, the named `services` chunk, decision 0106)
  // is not fetched beside them: the page renders without it.
  const services = () => fetched.filter((path) => /\/services-[\w-]{8}\.js$/.test(path));
  expect(services()).toEqual([]);
  await expect(page.locator('link[rel="modulepreload"][href*="/services-"]')).toHaveCount(0);
  releaseScript();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  // They load once it has painted.
  await expect.poll(services).toHaveLength(1);
});
