// axe-core on the page as it is: fails with a readable list of the serious and critical violations.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Runs axe and fails on any serious or critical violation (rule, impact, elements, summary).
 * Toasts come and go while axe walks the page, so they are left out unless `toasts` says the
 * caller holds one still (hovered, its animation over: e2e/accessibility.spec.ts).
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { toasts = false }: { toasts?: boolean } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (toasts ? builder : builder.exclude('.Toastify')).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  expect(blocking, `axe on ${screen}`).toEqual([]);
}
