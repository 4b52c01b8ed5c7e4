import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious or critical axe violations of the page as it is now (rule ids and targets); the browser tests expect none. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
