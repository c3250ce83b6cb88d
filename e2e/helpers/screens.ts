// E2E helper: where things are on the screen as the page opens, and its photographs for the
// README and the closing notes (LAYOUT_SHOTS=<folder>).
import { expect, type Locator, type Page } from '@playwright/test';

/** On screen as the page opens, before any scrolling. */
export async function expectOnScreenUnscrolled(page: Page, locator: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(locator).toBeInViewport({ ratio: 1 });
}

/** The page from its top as `<LAYOUT_SHOTS>/<file>.png`; nothing without LAYOUT_SHOTS. */
export async function shoot(page: Page, file: string): Promise<void> {
  const folder = process.env.LAYOUT_SHOTS;
  if (!folder) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${folder}/${file}.png` });
}

/** A catalog's plain texts (no argument) that read differently in the other language. */
export function plainEnglishOnly(
  english: Record<string, string>,
  other: Record<string, string>,
): string[] {
  return Object.entries(english)
    .filter(([key, text]) => !text.includes('{') && other[key] !== text)
    .map(([, text]) => text);
}
