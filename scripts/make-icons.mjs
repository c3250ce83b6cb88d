// Draws the app icons in public/ (PNG for the web app manifest and iOS) from the cashew mark of
// src/ui/CashewMark.tsx, with Debian's Chromium. Run `node scripts/make-icons.mjs` after changing
// the mark; the PNGs are committed so a build needs no browser.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** The mark's path, as in src/ui/CashewMark.tsx (viewBox 0 0 24 24). */
const MARK =
  'M16.6 3.4c-3.7-1.5-8.2.2-10.4 3.9-2.5 4-1.6 9.2 2 11.9 2.6 1.9 6.4 2.2 8.9.4 1.4-1 1.7-3 .6-4.2-1-1.1-2.6-1.2-3.8-.6-1.3.6-2.8.3-3.5-.9-.8-1.3-.4-3.1.8-4 1.6-1.2 4-1.1 5.8-.3 1.4.6 3.2 0 3.8-1.4.6-1.6-.3-3.2-2.2-3.8z';
const VIOLET = '#6d28d9';

/**
 * The mark on the theme colour. `markShare`: the part of the side the mark spans; `radius`: corner
 * rounding as a share of the side (0 = full bleed, for maskable and iOS icons, which the platform
 * crops itself).
 */
function iconSvg({ markShare, radius }) {
  const inset = (1 - markShare) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${radius * 100}" fill="${VIOLET}"/>
  <svg x="${inset * 100}" y="${inset * 100}" width="${markShare * 100}" height="${markShare * 100}" viewBox="0 0 24 24">
    <path d="${MARK}" fill="#fcd34d" stroke="#b45309" stroke-width="1.4" stroke-linejoin="round"/>
  </svg>
</svg>`;
}

const ICONS = [
  // Maskable icons keep their content in the inner 80 % circle; the mark spans 60 %.
  { file: 'pwa-192x192.png', size: 192, markShare: 0.72, radius: 0.2 },
  { file: 'pwa-512x512.png', size: 512, markShare: 0.72, radius: 0.2 },
  { file: 'maskable-icon-512x512.png', size: 512, markShare: 0.6, radius: 0 },
  { file: 'apple-touch-icon-180x180.png', size: 180, markShare: 0.66, radius: 0 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${iconSvg(icon).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(`${publicDir}${icon.file}`, png);
  }
  await writeFile(`${publicDir}icon.svg`, `${iconSvg({ markShare: 0.72, radius: 0.2 })}\n`);
} finally {
  await browser.close();
}
