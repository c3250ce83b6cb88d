// E2E helper: what print media shows of a receipt or the day report, and a CSV download read.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** CSS pixels of each paper at 96 dpi (1 mm ≈ 3.78 px), rounded up. */
export const PAPERS = [
  { paper: '58mm', width: 220 },
  { paper: '80mm', width: 303 },
  { paper: 'A4', width: 794 },
] as const;

/** The rows of one rate on a receipt or the day report, as label + value texts. */
export async function rateRows(scope: Locator, rate: number): Promise<string[]> {
  return scope.locator(`[data-rate="${rate}"] > div`).allTextContents();
}

/**
 * Under print media at the paper's width: the print area is the only thing shown, and no element
 * in it reaches past the printable width or the paper's edge.
 */
export async function printedWithin(page: Page, width: number): Promise<Locator> {
  await page.setViewportSize({ width, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('[data-print-root]');
  await expect(printed).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  const overflow = await page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-print-root]')!;
    const area = root.querySelector<HTMLElement>(':scope > div')!.getBoundingClientRect();
    const paper = document.documentElement.clientWidth;
    const tooWide = [...root.querySelectorAll<HTMLElement>('*')].filter((el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return false;
      return box.right > Math.min(area.right, paper) + 0.5 || box.left < area.left - 0.5;
    });
    return {
      page: document.documentElement.scrollWidth - paper,
      elements: tooWide.map((el) => el.outerHTML.slice(0, 80)),
    };
  });
  expect(overflow).toEqual({ page: 0, elements: [] });
  return printed;
}

/** Back to the screen as it was before `printedWithin`. */
export async function backToScreen(page: Page): Promise<void> {
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** RFC 4180 text as rows of cells: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Clicks `button` and reads the CSV file it downloads as records keyed by the header's cells. */
export async function downloadedCsv(
  page: Page,
  button: Locator,
): Promise<Array<Record<string, string>>> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const [header, ...rows] = parseCsv(await readFile((await (await downloading).path())!, 'utf8'));
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}
