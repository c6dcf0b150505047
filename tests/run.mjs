// `npm test`: lint + typecheck, then every vitest suite (unit, checks, infra, integration and e2e with
// the twin and Chromium) in one run, ending with one plain total line over all of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsFile = 'tests/.results/vitest.json';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (run('npm', ['run', '--silent', 'lint']) !== 0) {
  console.error('\nLint or typecheck failed.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync('tests/.results', { recursive: true });
rmSync(resultsFile, { force: true });
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--config',
  'tests/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsFile}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  skipped = report.numPendingTests + report.numTodoTests;
} catch {
  failed = 1;
}
if (vitestStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && vitestStatus === 0 ? 0 : 1);
