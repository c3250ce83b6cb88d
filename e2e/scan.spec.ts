// Scanning with the polyfilled reader: the browser's own BarcodeDetector taken away, Chromium's fake
// camera plays a video of the dev payer's token, once as a still QR code and once as animated BC-UR
// frames, and Receive ecash takes it for the sale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEncodedToken } from '@cashu/cashu-ts';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { customerProofs } from './helpers/ecash-payer';
import { browserFilming, withoutNativeDetector, writeQrVideo } from './helpers/fake-camera';
import { clickDigits, LANDS, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { UR, UREncoder } from '@ngraveio/bc-ur';

/**
 * The token as one pass of animated frames, `ur:bytes` of 200-character fragments as the app and
 * wallets show them (@ngraveio/bc-ur: the app's own encoder is ESM-only, which this runner cannot
 * load; src/conformance/ur-frames.test.ts shows the two agree).
 */
function urFrames(token: string): string[] {
  const encoder = new UREncoder(UR.fromBuffer(Buffer.from(token, 'utf8')), 200, 0);
  return Array.from({ length: encoder.fragmentsLength }, () => encoder.nextPart());
}

let folder: string;
let browser: Browser | undefined;
test.beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cashew-scan-'));
});
test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
  rmSync(folder, { recursive: true, force: true });
});

/** A till whose camera films `codes`, onboarded, with `Receive {amount} sats in ecash` open and scanning. */
async function tillFilming(
  codes: string[],
  amount: number,
  urls: { appUrl: string; mintUrl: string; relayUrl: string },
) {
  const video = join(folder, 'camera.y4m');
  writeQrVideo(video, codes);
  browser = await browserFilming(video);
  const context = await browser.newContext({ baseURL: urls.appUrl, permissions: ['camera'] });
  await context.addInitScript(withoutNativeDetector);
  const page = await context.newPage();
  expect(await page.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);
  await onboard(page, urls);
  await clickDigits(page, String(amount));
  await page.getByRole('button', { name: 'Receive ecash' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${amount} sats in ecash` });
  await dialog.getByRole('button', { name: 'Scan' }).click();
  return { page, dialog };
}

test.describe('scanning without a native BarcodeDetector', () => {
  test('a still QR code of a token is read and the sale takes it', async ({
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    const proofs = await customerProofs(mintUrl, 21, payQuote);
    const token = getEncodedToken({ mint: mintUrl, unit: 'sat', proofs });
    const { page } = await tillFilming([token], 21, { appUrl, mintUrl, relayUrl });
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(page.getByTestId('home-balance')).toHaveText('21 sats', LANDS);
  });

  test('an animated token is read frame by frame, its progress shown, and taken once', async ({
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    const proofs = await customerProofs(mintUrl, 55, payQuote);
    const token = getEncodedToken({ mint: mintUrl, unit: 'sat', proofs });
    const frames = urFrames(token);
    expect(frames.length).toBeGreaterThan(1);
    const { page, dialog } = await tillFilming(frames, 55, { appUrl, mintUrl, relayUrl });
    await expect(dialog.getByTestId('scan-progress')).toHaveText(/^Animated code: \d+% read$/);
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(page.getByTestId('home-balance')).toHaveText('55 sats', LANDS);
    // The animation loops on under the camera: nothing more lands.
    await page.reload();
    await expect(page.getByTestId('home-balance')).toHaveText('55 sats', LANDS);
  });
});
