#!/usr/bin/env node
// `npm test`: the whole suite in one command — typecheck, lint and the browser tests' build side by
// side, then the API tests that measure real time on a quiet machine, then the rest of Vitest
// (contract, API on SQLite and PostgreSQL, web units) and Playwright in real Chromium side by side. Ends with a table of how
// long each step took and one summed-up line (CI reads the last line). Every step runs on Node 24
// LTS, production's runtime (scripts/node24.mjs; TEST_NODE=machine keeps the machine's Node).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { buildSqliteAddonForNode24, installNode24, node24Available } from './node24.mjs';

const root = join(import.meta.dirname, '..');
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Each failed test as `file › name: first line of its error`, printed last: a CI log often keeps only its tail. */
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';
/** One row per step run: name, ok, seconds, and the test counts when the step has any. */
const rows = [];

const seconds = (since) => (Date.now() - since) / 1000;

// Node 24 first on every step's PATH: `node`, `npx`, `npm` (whose scripts start the API for the
// browser tests) and every child a test starts with process.execPath run on it. Its better-sqlite3
// addon builds beside the first steps, which need no database, and is awaited before Vitest.
let runtimeEnv = {};
let sqliteForNode24 = Promise.resolve(true);
let sqliteSeconds = 0;
if (node24Available() && process.env.TEST_NODE !== 'machine') {
  const node24 = await installNode24();
  const version = execFileSync(node24, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  runtimeEnv = { PATH: `${dirname(node24)}${delimiter}${process.env.PATH ?? ''}`, TEST_NODE_VERSION: version };
  const started = Date.now();
  sqliteForNode24 = buildSqliteAddonForNode24().then(
    () => {
      sqliteSeconds = seconds(started);
      return true;
    },
    (error) => {
      console.error(`node24: ${error.message}`);
      return false;
    },
  );
}
const runtime = execFileSync('node', ['-v'], { encoding: 'utf8', env: { ...process.env, ...runtimeEnv } }).trim();
console.log(`npm test: every step runs on Node ${runtime}`);

/**
 * Runs one step. `inherit` streams its output as it comes (the long test steps); otherwise the output
 * is collected and printed in one piece when the step ends, so two steps running together never
 * interleave their lines.
 */
function run(name, command, args, { env = {}, inherit = false } = {}) {
  const started = Date.now();
  // The row is placed when the step starts, so the table lists steps in the order they began.
  const row = { name, ok: false, seconds: 0 };
  rows.push(row);
  if (inherit) console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...runtimeEnv, ...env },
  });
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    const finish = (status) => {
      const took = seconds(started);
      if (!inherit) {
        console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`=== ${name}: exit ${status} in ${took.toFixed(1)} s`);
      row.ok = status === 0;
      row.seconds = took;
      if (status !== 0) failedSteps.push(name);
      resolve(row);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(-1);
    });
    child.on('close', (code, signal) => finish(code ?? signal));
  });
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function count(row, passed, failed, skipped) {
  row.counts = { passed, failed, skipped };
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
}

const only = process.argv.slice(2);
const wants = (step) => only.length === 0 || only.includes(step);
const suiteStarted = Date.now();

// The production build the browser tests serve (the commands of e2e/playwright.config.ts's webServer).
async function buildForBrowserTests() {
  const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps', 'web', 'dist');
  for (const [name, args] of [
    ['e2e build: contract', ['run', 'build', '-w', '@portal/contract']],
    ['e2e build: api', ['run', 'build', '-w', '@portal/api']],
    ['e2e build: web', ['run', 'build', '-w', '@portal/web', '--', '--outDir', webDist, '--emptyOutDir']],
  ]) {
    // The web app is built as a developer's shell often runs `npm start`, with NODE_ENV=development
    // exported: tooling/test/web-build-is-production.test.ts then checks this very build (still
    // React's production bundle) instead of running a second one, and the browser tests serve it.
    const env = name === 'e2e build: web' ? { NODE_ENV: 'development' } : {};
    if (!(await run(name, 'npm', args, { env })).ok) return false;
  }
  return true;
}

// tsc, ESLint and the builds are each mostly one core's work: side by side they keep both cores of
// our CI machines busy instead of one at a time.
const [, , built] = await Promise.all([
  wants('typecheck') && run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  wants('lint') && run('lint', 'npm', ['run', '--silent', 'lint']),
  wants('e2e') && buildForBrowserTests(),
]);

// Initial JavaScript of each first screen (gzip) against its budget, read from the production build
// the browser tests serve (built above, or built here when only this step runs).
if (wants('bundle')) {
  const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps', 'web', 'dist');
  const haveBuild = built || (await run('web build', 'npm', ['run', 'build', '-w', '@portal/web', '--', '--outDir', webDist, '--emptyOutDir'])).ok;
  // 150 kB per screen (issue 16).
  if (haveBuild) await run('bundle budget', 'node', ['scripts/bundle-budget.mjs', '--dist', webDist]);
}

// Vitest and Playwright side by side: neither keeps two cores busy alone (Vitest waits on PostgreSQL,
// child processes and argon2; Playwright on the browser and the server), and together they take
// less time than one after the other (measured in the README). Vitest streams its output; Playwright's
// is printed in one piece when it ends. TEST_STEPS_ONE_AT_A_TIME=1 runs them one after the other.
const together = wants('unit') && wants('e2e') && Boolean(built) && process.env.TEST_STEPS_ONE_AT_A_TIME !== '1';
const webDistForUnit = built ? { WEB_DIST_BUILT_UNDER_NODE_ENV_DEVELOPMENT: process.env.E2E_WEB_DIST ?? join(root, 'apps', 'web', 'dist') } : {};

// Tests that measure time on a real clock (a 1 MiB body refused within 100 ms beside a /healthz,
// body deadlines on real sockets, child processes that must start, stop or drain within limits):
// beside Playwright on two cores they would measure the machine, not the portal. They run first,
// on a quiet machine (with the cluster's fault tests: nginx, three processes, SIGKILL, SIGTERM and a
// stopped PostgreSQL); everything else runs side by side.
const TIMED_API_TESTS = [
  'apps/api/test/hostile-bodies.test.ts',
  'apps/api/test/body-deadlines.test.ts',
  'apps/api/test/graceful-stop.test.ts',
  'apps/api/test/auth-two-processes.test.ts',
  'apps/api/test/notifications-crash.test.ts',
  'tooling/test/cluster-faults.test.ts',
];

async function vitest({ only = [], except = [] } = {}) {
  const name = only.length ? 'vitest: timed' : 'vitest';
  const file = join(out, only.length ? 'vitest-timed.json' : 'vitest.json');
  rmSync(file, { force: true });
  const selection = [...only, ...except.flatMap((path) => ['--exclude', `**/${path.split('/').pop()}`])];
  const row = await run(name, 'npx', ['vitest', 'run', ...selection, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    env: webDistForUnit,
    inherit: true,
  });
  const report = readJson(file);
  if (report) {
    count(row, report.numPassedTests ?? 0, report.numFailedTests ?? 0, (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0));
    for (const suite of report.testResults ?? []) {
      const where = String(suite.name ?? '').replace(`${root}/`, '');
      const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that fails before any test runs (an import error, a hook) has no failed test of its own.
      if (!failed.length && suite.status === 'failed') failedTests.push(`${where}: ${firstLine(suite.message)}`);
    }
  } else failedSteps.push('vitest report missing');
}

async function playwright() {
  const file = join(out, 'playwright.json');
  rmSync(file, { force: true });
  // Built above: the web server only starts. (Without the build, Playwright builds as it does alone.)
  const row = await run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...(built ? { E2E_PREBUILT: '1' } : {}) },
    inherit: !together,
  });
  const report = readJson(file);
  if (report?.stats) {
    count(row, (report.stats.expected ?? 0) + (report.stats.flaky ?? 0), report.stats.unexpected ?? 0, report.stats.skipped ?? 0);
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.find((result) => result.error)?.error?.message;
          failedTests.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  } else failedSteps.push('playwright report missing');
}

// The API tests on SQLite need the addon built for the Node they run on.
const sqliteReady = await sqliteForNode24;
rows.push({ name: `better-sqlite3 for ${runtime} (beside the first steps)`, ok: sqliteReady, seconds: sqliteSeconds });
if (!sqliteReady) failedSteps.push('better-sqlite3 for Node 24');

if (together) {
  await vitest({ only: TIMED_API_TESTS });
  await Promise.all([vitest({ except: TIMED_API_TESTS }), playwright()]);
}
else {
  if (wants('unit')) await vitest();
  if (wants('e2e')) await playwright();
}

const table = [
  ['Step', 'Result', 'Time', 'Tests'],
  ...rows.map((row) => [
    row.name,
    row.ok ? 'ok' : 'FAILED',
    `${row.seconds.toFixed(1)} s`,
    row.counts ? `${row.counts.passed} passed, ${row.counts.failed} failed, ${row.counts.skipped} skipped` : '',
  ]),
  ['all steps', failedSteps.length ? 'FAILED' : 'ok', `${seconds(suiteStarted).toFixed(1)} s`, together ? '(wall clock; typecheck, lint and the e2e build overlap, then Vitest and Playwright)' : '(wall clock; typecheck, lint and the e2e build overlap)'],
];
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
console.log('\nHow long each step took:');
for (const line of table) console.log(`  ${line.map((cell, column) => (column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ').trimEnd()}`);

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
