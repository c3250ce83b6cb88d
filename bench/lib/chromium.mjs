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
