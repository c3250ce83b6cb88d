// Headless Debian Chromium for the bench, with the same launch options as the e2e suite.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config.ts';

export function launchChromium() {
  return chromium.launch({ ...chromiumLaunchOptions, headless: true });
}

/** A page whose renderer runs `rate` times slower (CDP; 1 = unthrottled). */
export async function throttledPage(context, rate) {
  const page = await context.newPage();
  if (rate !== 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  return page;
}

/** Empties the browser's HTTP (and so V8 code) cache: the next load is a cold one. */
export async function clearHttpCache(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}
