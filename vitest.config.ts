import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { WAIT_TIMEOUT } from './tests/setup/wait-timeout.ts';

// How long a test may take before it counts as hung (decision 061). Vitest's default, 5 s, is a guess made
// for an idle machine. Beside the end-to-end suite, two busy loops and other test runs on 2 cores (a load
// average of 11 to 16), a web test that types the narrator form through user-event took 17 s, a unit test
// that unpacks a workbook bomb 10 s, the architecture's size check 9 s. A test that fails does so sooner, on
// its own assertion; this only bounds one that never finishes.
const UNIT_TEST_TIMEOUT = 30_000;
// The API tests use the real PostgreSQL (a database per file, migrated in the hooks): at the same load the
// slowest, refusing a zip bomb and an oversized workbook, took 16 s against the former 20 s.
const API_TEST_TIMEOUT = 30_000;
const API_HOOK_TIMEOUT = 60_000;
// expect.poll waits as long as every other wait (tests/setup/wait-timeout.ts); each project says so, as
// projects do not inherit the root's test options.
const POLL = { poll: { timeout: WAIT_TIMEOUT } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/waiting.ts'],
          testTimeout: UNIT_TEST_TIMEOUT,
          expect: POLL,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [
            'tests/setup/fail-on-console-error.ts',
            'tests/setup/waiting.ts',
            'tests/setup/dom.ts',
          ],
          testTimeout: UNIT_TEST_TIMEOUT,
          expect: POLL,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['server/testing/global-setup.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/waiting.ts'],
          testTimeout: API_TEST_TIMEOUT,
          expect: POLL,
          hookTimeout: API_HOOK_TIMEOUT,
        },
      },
    ],
  },
});
