// axe-core on the page as it is: fails with a readable list of the serious and critical violations.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Runs axe and fails on any serious or critical violation (rule, impact, elements, summary). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Toasts come and go while axe walks the page; their text is checked on the screens that hold
  // them still (e2e/accessibility.spec.ts), not mid-animation.
  const results = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  expect(blocking, `axe on ${screen}`).toEqual([]);
}
