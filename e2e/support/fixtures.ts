import { test as base, expect } from '@playwright/test';

/**
 * The page fixture, failing the test on any console error or uncaught page error: a Content-Security-Policy
 * violation, a failed request the app did not handle, a React warning.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
