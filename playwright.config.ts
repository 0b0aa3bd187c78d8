import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium (or CHROMIUM_PATH): Playwright's own browser download cannot run on these machines.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `The end-to-end tests need Chromium, and there is none at ${chromiumPath}. ` +
      'Install it (on Debian or Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its binary.',
  );
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'dist/test-reports/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A fake microphone that grants itself: the story editor's recorder is tested with it.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
