import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH as chromiumPath } from './e2e/support/chromium.ts';
import { BUDGET, SLOWDOWN } from './e2e/support/time.ts';

if (!existsSync(chromiumPath)) {
  throw new Error(
    `The end-to-end tests need Chromium, and there is none at ${chromiumPath}. ` +
      'Install it (on Debian or Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its binary.',
  );
}

// The workers load this file again later, when the load may differ: they take the runner's reading.
process.env.E2E_SLOWDOWN = String(SLOWDOWN);
if (SLOWDOWN > 1)
  console.info(`The machine is busy: the end-to-end time budgets are stretched ${SLOWDOWN} times.`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Every budget is explained in e2e/support/time.ts.
  timeout: BUDGET.test,
  expect: { timeout: BUDGET.expect },
  reporter: [['list'], ['json', { outputFile: 'dist/test-reports/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...CHROMIUM_ARGS,
        // A fake microphone that grants itself: the story editor's recorder is tested with it.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
