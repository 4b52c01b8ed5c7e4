import { expect, test } from '@playwright/test';

/**
 * Any console error of the page fails the test. 'Failed to load resource' lines are the browser's own log of the
 * 4xx answers some tests provoke on purpose (unknown order numbers, a wrong password), not errors of the apps.
 */
export function failOnConsoleErrors(): void {
  const consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors.length = 0;
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
  });
  test.afterEach(() => {
    expect(consoleErrors, 'unexpected console errors').toEqual([]);
  });
}
