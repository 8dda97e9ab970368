#!/usr/bin/env node
// `npm test`: every suite of every workspace, on embedded PGlite and — when TEST_DATABASE_URL is set —
// on PostgreSQL too, plus the browser suites in Chromium. Ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const env = { ...process.env };
const problems = [];

function banner(text) {
  const line = '!'.repeat(Math.min(100, text.length + 8));
  console.warn(`\n${line}\n!!! ${text}\n${line}\n`);
}

// PostgreSQL: required in CI, optional (and loudly skipped) on a developer machine.
if (!env.TEST_DATABASE_URL) {
  if (inCi)
    problems.push(
      'CI needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the PostgreSQL suites.',
    );
  else
    banner(
      'SKIPPING the PostgreSQL suites: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them.',
    );
} else {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const pg=require('pg');const c=new pg.Client({connectionString:process.env.TEST_DATABASE_URL,connectionTimeoutMillis:5000});c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})",
    ],
    { cwd: path.join(root, 'packages/server'), env, encoding: 'utf8' },
  );
  if (probe.status !== 0) {
    problems.push(
      `PostgreSQL at TEST_DATABASE_URL is unreachable (${probe.stderr.trim()}). Start it, or unset TEST_DATABASE_URL to test on PGlite only.`,
    );
  }
}

// Chromium for the browser suites: required in CI, loudly skipped elsewhere. Debian's headless shell is
// preferred when installed: the same Chromium without the desktop browser around it, a quarter less CPU per
// suite (ADR 043); the full browser otherwise.
const chromium =
  env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ||
  '/usr/bin/chromium';
if (existsSync(chromium)) env.CHROMIUM_PATH = chromium;
else if (inCi)
  problems.push(`CI needs Chromium at ${chromium} for the browser suites (apt-get install -y chromium).`);
else {
  env.E2E_SKIP = '1';
  banner(
    `SKIPPING the browser suites: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`npm test: ${problem}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// The browser suites serve the built storefront.
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-needed'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
if (build.status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const resultsDir = path.join(root, '.test-results');
mkdirSync(resultsDir, { recursive: true });
const vitestBin = path.join(root, 'node_modules/.bin/vitest');

/** One vitest run; resolves to its exit status and its JSON report (if it wrote one). */
function runVitest(name, args, output) {
  const resultsFile = path.join(resultsDir, `${name}.json`);
  rmSync(resultsFile, { force: true });
  const child = spawn(
    vitestBin,
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...args],
    { cwd: root, stdio: ['ignore', output, output], env },
  );
  return new Promise((resolve) =>
    child.on('exit', (status) =>
      resolve({
        status: status ?? 1,
        report: existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined,
      }),
    ),
  );
}

// With no arguments: the server and SDK suites, then the browser suites (two files at a time: each drives
// its own Chromium and keeps about one core busy). The two groups run side by side on a 2-core machine
// took about 2.7× as long as alone (13.5 min together against 9 min one after the other), so they take turns.
const runs = [];
if (process.argv.length > 2) runs.push(await runVitest('vitest', process.argv.slice(2), 'inherit'));
else {
  runs.push(await runVitest('vitest', ['--project=!e2e:*'], 'inherit'));
  console.log('\n--- browser suites ---\n');
  runs.push(await runVitest('e2e', ['--project=e2e:*'], 'inherit'));
}
const results = runs;

let passed = 0;
let failed = 0;
let skipped = 0;
// CI's log is often read from its end: name every failed test (and file that failed outside a test) with
// the first line of its error just above the summary, not only thousands of lines up in the output.
const failures = results.flatMap(({ report }) => (report ? failuresIn(report) : []));
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}; the output above has each one in full):`);
  for (const failure of failures.slice(0, 30)) console.log(`  ✗ ${failure}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
}
for (const { status, report } of results) {
  if (!report) {
    failed += status === 0 ? 0 : 1;
    continue;
  }
  passed += report.numPassedTests;
  failed +=
    report.numFailedTests +
    (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  skipped += report.numPendingTests + report.numTodoTests;
  if (status !== 0 && report.numFailedTests === 0 && report.numFailedTestSuites === 0) failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((run) => run.status === 0) ? 0 : 1);

/** "file > describe > test: first line of the error" for each failure in a vitest JSON report. */
function failuresIn(report) {
  const firstLine = (text) =>
    String(text ?? '')
      .trim()
      .split('\n')[0]
      .slice(0, 200);
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          [name, ...test.ancestorTitles, test.title].join(' > ') +
          `: ${firstLine(test.failureMessages?.[0])}`,
      );
    // A file that failed without a failed test (an error in a hook or at import) says so in its message.
    return tests.length === 0 && file.status === 'failed' ? [`${name}: ${firstLine(file.message)}`] : tests;
  });
}
