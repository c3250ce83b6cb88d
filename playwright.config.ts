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
  ],
};

const FEE_SETTINGS_SPEC = '**/cash-out-checks.spec.ts';
const ERROR_NUMBERING_SPEC = '**/current-nut-codes.spec.ts';

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Two specs change the shared dev mint's settings for a while (its fee reserve, its error
  // numbering): run beside other specs they changed those specs' fees and refusals. They run
  // after the rest, one after the other, with nothing beside them.
  projects: [
    {
      name: 'chromium',
      testIgnore: [FEE_SETTINGS_SPEC, ERROR_NUMBERING_SPEC],
      use: { launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'mint fee reserve',
      testMatch: FEE_SETTINGS_SPEC,
      dependencies: ['chromium'],
      use: { launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'mint error numbering',
      testMatch: ERROR_NUMBERING_SPEC,
      dependencies: ['mint fee reserve'],
      use: { launchOptions: chromiumLaunchOptions },
    },
  ],
});
