// Counts passed and failed tests in the JSON reports Vitest and Playwright write (dist/test-reports/).
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

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

/**
 * The failed tests of the given report files, each as "file › name" with the first line of its error, so a summary
 * at the end of a long log still says what broke.
 */
export function failedTests(files) {
  const failures = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (report.suites) collectPlaywrightFailures(report.suites, [], failures);
    for (const result of report.testResults ?? []) {
      for (const test of result.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        failures.push({
          title: `${relative(result.name)} › ${test.fullName ?? test.title}`,
          message: firstLine(test.failureMessages?.[0]),
        });
      }
    }
  }
  return failures;
}

function collectPlaywrightFailures(suites, titles, failures) {
  for (const suite of suites) {
    const path = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push({ title: [...path, spec.title].join(' › '), message: firstLine(error) });
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path, failures);
  }
}

const relative = (path) =>
  path.startsWith(`${process.cwd()}/`) ? path.slice(process.cwd().length + 1) : path;

// Strips colour codes and keeps the first non-empty line, at most 300 characters.
function firstLine(text = '') {
  const line = stripVTControlCharacters(text)
    .split('\n')
    .find((l) => l.trim() !== '');
  return (line ?? '').trim().slice(0, 300);
}

/** Prints each failed test and its first error line, indented under a heading. */
export function printFailures(files) {
  const failures = failedTests(files);
  if (failures.length === 0) return;
  console.info('\nfailed:');
  for (const { title, message } of failures)
    console.info(`  ✗ ${title}${message ? `\n      ${message}` : ''}`);
}

// `node scripts/test-counts.mjs LABEL FILE…` prints one line such as `ci: 135 passed, 0 failed`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [label, ...files] = process.argv.slice(2);
  const { passed, failed } = countTests(files);
  printFailures(files);
  console.info(`${label}: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
