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
  // Legacy mode runs axe.run in the page itself. The default runs it in parts and combines them in
  // a new blank page, injecting axe's 500 kB a second time there: a second of every call for
  // nothing here, as the app has no frames (docs/performance.md "Test suite time").
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
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
