// The next screens' code is fetched once the first screen is interactive and the browser idle, not
// on a Save-Data connection, and the first sale after a start shows its QR code without
// downloading code or the mint's keys after Submit (docs/decisions/0037-prefetch-next-screens.md).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickDigits, invoiceDialog } from './helpers/invoice';
import { onboard } from './helpers/onboard';

declare global {
  interface Window {
    /** For each prefetch link the page got: was the button usable when it was added? */
    prefetchedWhileUsable?: boolean[];
    /** Every prefetch link's file, as added (the app removes each link once fetched). */
    prefetchedFiles?: string[];
  }
}

/**
 * Before the page's scripts: for every `<link rel="prefetch">` added, notes whether the button
 * with this text was usable at that moment, i.e. React hands its clicks to the handler (its props
 * are on the node and its root is not a server render still being hydrated).
 */
function watchPrefetches(text: string) {
  window.prefetchedWhileUsable = [];
  window.prefetchedFiles = [];
  const expando = (node: object, prefix: string) =>
    (node as Record<string, unknown>)[Object.keys(node).find((key) => key.startsWith(prefix))!];
  const usable = () => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === text,
    );
    if (!button) return false;
    const props = expando(button, '__reactProps$') as { onClick?: unknown } | undefined;
    if (typeof props?.onClick !== 'function') return false;
    type Fiber = { return?: Fiber; stateNode?: { current?: { memoizedState?: object } } };
    let fiber = expando(button, '__reactFiber$') as Fiber | undefined;
    while (fiber?.return) fiber = fiber.return;
    const state = fiber?.stateNode?.current?.memoizedState as { isDehydrated?: boolean };
    return Boolean(state) && state.isDehydrated !== true;
  };
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof HTMLLinkElement && node.rel === 'prefetch') {
          window.prefetchedWhileUsable!.push(usable());
          window.prefetchedFiles!.push(node.href);
        }
  }).observe(document, { childList: true, subtree: true });
}

/** The files the page's prefetch links asked for (needs watchPrefetches). */
const prefetchLinks = (page: Page) => page.evaluate(() => window.prefetchedFiles ?? []);

/** Resource entries of these files fetched by something other than the prefetch, with bytes. */
const downloadedAgain = (page: Page, files: string[]) =>
  page.evaluate(
    (urls) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => urls.includes(entry.name))
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'link')
        .filter((entry) => (entry as PerformanceResourceTiming).transferSize > 0)
        .map((entry) => entry.name),
    files,
  );

test('the welcome prefetches the phrase screen once it is usable, and the tap uses it', async ({
  page,
}) => {
  await page.addInitScript(watchPrefetches, 'Create New Wallet');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeEnabled();
  await expect.poll(() => prefetchLinks(page), { timeout: 15_000 }).not.toEqual([]);
  const files = await prefetchLinks(page);
  // The phrase screen and its word list are one named chunk (decision 0106).
  expect(files.some((file) => /\/phrase-[\w-]{8}\.js$/.test(file))).toBe(true);
  expect(await page.evaluate(() => window.prefetchedWhileUsable)).not.toContain(false);
  // Every prefetched file has arrived before the tap.
  await expect
    .poll(() =>
      page.evaluate(
        (urls) =>
          urls.every((url) =>
            performance
              .getEntriesByName(url)
              .some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0),
          ),
        files,
      ),
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  expect(await downloadedAgain(page, files)).toEqual([]);
});

test('nothing is prefetched on a connection that asks to save data', async ({ page }) => {
  await page.addInitScript(watchPrefetches, 'Create New Wallet');
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { saveData: true, effectiveType: '4g', type: 'wifi' },
    });
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeEnabled();
  // The service worker registers after that idle moment and a pause with no input (3 s): by then
  // any prefetch would have been added.
  await page.waitForFunction(
    async () => Boolean(await navigator.serviceWorker.getRegistration()),
    null,
    {
      timeout: 15_000,
    },
  );
  expect(await prefetchLinks(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
});

test("the first sale after a start shows its QR code without fetching code or the mint's keys after Submit", async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  // A cold start of the keypad.
  await page.addInitScript(watchPrefetches, 'Submit');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect.poll(() => prefetchLinks(page), { timeout: 15_000 }).not.toEqual([]);
  expect(await page.evaluate(() => window.prefetchedWhileUsable)).not.toContain(false);
  // The keypad loads the mint's keys once it is idle, and builds the hidden Items side (its stores'
  // chunk, the named `stores` one since decision 0105); start-up loads the service worker's
  // registration (workbox-window) at idle too: a Submit before those idle moments fetched them
  // after it, which the sale does not wait for, and the check below counted them.
  const idleWorks = [/\/v1\/keys$/, /\/stores-[\w-]{8}\.js$/, /\/workbox-window[\w.-]+\.js$/];
  for (const idleWork of idleWorks) {
    await expect
      .poll(
        () =>
          page.evaluate(
            (source) =>
              performance
                .getEntriesByType('resource')
                .some((entry) => new RegExp(source).test(entry.name)),
            idleWork.source,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  const afterSubmit: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\.js(\?|$)/.test(url) || /\/v1\/keys(ets)?(\/|$)/.test(url)) afterSubmit.push(url);
  });
  await clickDigits(page, '21');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(invoiceDialog(page).getByRole('img', { name: 'Invoice QR code' })).toBeVisible();
  expect(afterSubmit).toEqual([]);
});
