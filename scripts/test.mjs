// `npm test`: every kind of test, in the order a failure is cheapest to find. Each step runs even when an
// earlier one failed (except the end-to-end tests, which need the build), then one summary line counts the
// tests of every runner.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { countTests, printFailures } from './test-counts.mjs';

const REPORTS = 'dist/test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const vitest = (name, projects) => [
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORTS}/${name}.json`,
  ],
];

const steps = [
  { name: 'typecheck and lint', command: ['npm', ['run', '--silent', 'check']] },
  { name: 'unit tests', command: vitest('unit', ['unit', 'web']), report: 'unit' },
  { name: 'API tests', command: vitest('api', ['api']), report: 'api' },
  { name: 'build', command: ['npm', ['run', '--silent', 'build']] },
  { name: 'end-to-end tests', command: ['npx', ['playwright', 'test']], report: 'e2e', needs: 'build' },
];

const results = [];
for (const step of steps) {
  const prerequisite = step.needs && results.find((r) => r.name === step.needs);
  if (prerequisite && !prerequisite.ok) {
    results.push({ name: step.name, ok: false, skipped: true, seconds: 0 });
    continue;
  }
  console.info(`\n━━ ${step.name} ━━`);
  const started = performance.now();
  const [command, args] = step.command;
  const run = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  results.push({
    name: step.name,
    ok: run.status === 0,
    seconds: (performance.now() - started) / 1000,
    report: step.report,
  });
}

const reports = results.filter((result) => result.report).map((result) => `${REPORTS}/${result.report}.json`);
let { passed, failed } = countTests(reports);

console.info('\n━━ summary ━━');
for (const result of results) {
  const mark = result.skipped ? 'skipped (needs the build)' : result.ok ? 'ok' : 'FAILED';
  console.info(`  ${result.name.padEnd(20)} ${mark.padEnd(26)} ${result.seconds.toFixed(1)} s`);
}
printFailures(reports);
const allOk = results.every((result) => result.ok);
if (!allOk && failed === 0) failed = results.filter((result) => !result.ok).length;
console.info(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
