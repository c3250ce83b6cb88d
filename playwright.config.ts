// Playwright: the e2e suite against the production build, the dev mint and the dev relay.
import { defineConfig } from '@playwright/test';

const ci = Boolean(process.env.CI);

// Playwright empties its outputDir when a run starts, so two runs sharing one work tree would
// delete each other's traces mid-test. Each run gets its own folder; the runner sets the id and
// its workers inherit it, so all of them agree.
process.env.CASHEW_E2E_RUN ??= `${Date.now()}-${process.pid}`;
const outputDir = `test-results/${process.env.CASHEW_E2E_RUN}`;

/** Debian's Chromium; never a downloaded browser (see README "Requirements"). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Headless Chromium builds a WebUI omnibox popup (its own renderer, ~2 s of CPU) for every new
    // window, i.e. every browser context: on a 2-core machine it ran beside each timed load
    // (docs/performance.md, "The browser").
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Builds the app and starts mint + relay once; its returned function is the teardown.
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir,
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Recording a trace of every run costs about a fifth of the suite's time (measured on one
    // pair of runs); CI records only the retry, where a flaky failure shows itself again.
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The specs that change a mint's settings (its fee reserve, its error numbering) or arm the
  // Lightning address's faults get a mint and an address of their own (e2e/helpers/own-mint.ts),
  // so they run beside the rest instead of after it, alone.
  projects: [{ name: 'chromium', use: { launchOptions: chromiumLaunchOptions } }],
});
