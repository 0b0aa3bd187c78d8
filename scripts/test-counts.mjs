// Counts passed and failed tests in the JSON reports Vitest and Playwright write (dist/test-reports/).
import { existsSync, readFileSync } from 'node:fs';

/** Sums the tests of the given report files; a missing report counts nothing. */
export function countTests(files) {
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (report.stats) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    }
  }
  return { passed, failed };
}

// `node scripts/test-counts.mjs LABEL FILE…` prints one line such as `ci: 135 passed, 0 failed`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [label, ...files] = process.argv.slice(2);
  const { passed, failed } = countTests(files);
  console.info(`${label}: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
