#!/usr/bin/env node
// Measures a first start as `npm start` does it: the built server on a fresh, empty data directory and a
// free port. Prints the time to the first 200 of `/` and of a demo product page, and the resident memory
// (VmRSS) after the first page and after a spell of idle, against the budgets of issue #23; exits 1 above.
//   npm run start-report                      one start
//   npm run start-report -- --runs 3          median of three starts (each on its own fresh data dir)
//   npm run start-report -- --json            one JSON line instead of the table
//   npm run start-report -- --server FILE     another build's server.js (e.g. a checkout of main, to compare)
// Beside wall time it prints the server's own CPU time (user + system, from /proc) up to each page: on a
// shared machine the wall time grows with the load, the CPU time much less.
// Budgets: START_BUDGET_MS (3000) and RSS_BUDGET_MB (250); IDLE_SECONDS (5) of idle before the last reading.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const serverAt = args.indexOf('--server');
const serverEntry =
  serverAt >= 0 ? path.resolve(args[serverAt + 1]) : path.join(root, 'packages/server/dist/server.js');
const runs = Number(args[args.indexOf('--runs') + 1]) || 1;
const asJson = args.includes('--json');
const startBudgetMs = Number(process.env.START_BUDGET_MS ?? 3000);
const rssBudgetMb = Number(process.env.RSS_BUDGET_MB ?? 250);
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 5);
const GIVE_UP_MS = 60_000;

if (!existsSync(serverEntry)) {
  console.error(`No server build at ${serverEntry}: run \`npm run build\` first.`);
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, as the kernel counts it (what `ps` and a container limit see). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU time the process has used so far (user + system), in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200 (connection refused while the server starts); the body and the time. */
async function firstOk(url, since, child) {
  while (performance.now() - since < GIVE_UP_MS) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      const body = await response.text();
      if (response.status === 200) return { body, ms: performance.now() - since };
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer 200 within ${GIVE_UP_MS / 1000} s`);
}

async function measureOnce() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openshelf-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logs = [];
  const since = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr.on('data', (chunk) => logs.push(String(chunk)));
  try {
    const home = await firstOk(`${base}/`, since, child);
    const homeCpu = cpuMs(child.pid);
    // A store that seeds its demo catalog itself (an old build, another currency) does so after listen and
    // says ready once it has: the product page is then the first one with products on it.
    await firstOk(`${base}/readyz`, since, child);
    const { body } = await firstOk(`${base}/`, since, child);
    const slug = /href="\/products\/([^"?#]+)"/.exec(body)?.[1];
    if (!slug) throw new Error('the home page links to no product after the demo catalog was seeded');
    const product = await firstOk(`${base}/products/${slug}`, since, child);
    const productCpu = cpuMs(child.pid);
    const rssAfterFirstPage = rssMb(child.pid);
    await sleep(idleSeconds * 1000);
    const rssIdle = rssMb(child.pid);
    return {
      homeMs: home.ms,
      productMs: product.ms,
      homeCpu,
      productCpu,
      rssAfterFirstPage,
      rssIdle,
      product: slug,
    };
  } catch (error) {
    process.stderr.write(logs.join(''));
    throw error;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = [];
for (let run = 0; run < runs; run += 1) results.push(await measureOnce());
const figures = {
  homeMs: median(results.map((r) => r.homeMs)),
  productMs: median(results.map((r) => r.productMs)),
  homeCpuMs: median(results.map((r) => r.homeCpu)),
  productCpuMs: median(results.map((r) => r.productCpu)),
  rssAfterFirstPageMb: median(results.map((r) => r.rssAfterFirstPage)),
  rssIdleMb: median(results.map((r) => r.rssIdle)),
};
const checks = [
  ['first 200 of /', figures.homeMs, startBudgetMs, 'ms'],
  ['first 200 of a product page', figures.productMs, startBudgetMs, 'ms'],
  ['RSS after the first pages', figures.rssAfterFirstPageMb, rssBudgetMb, 'MB'],
  [`RSS after ${idleSeconds} s idle`, figures.rssIdleMb, rssBudgetMb, 'MB'],
];
const failed = checks.filter(([, value, budget]) => value > budget);

if (asJson) {
  console.log(JSON.stringify({ runs, ...figures, startBudgetMs, rssBudgetMb, ok: failed.length === 0 }));
} else {
  console.log(
    `Fresh start of ${path.relative(root, serverEntry)} (${runs === 1 ? 'one run' : `median of ${runs}`}):`,
  );
  console.log(
    `  server CPU time to those pages:  ${figures.homeCpuMs.toFixed(0)} ms and ${figures.productCpuMs.toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)})`,
  );
  for (const [label, value, budget, unit] of checks) {
    const verdict = value > budget ? 'OVER' : 'ok';
    console.log(
      `  ${label.padEnd(32)} ${value.toFixed(0).padStart(6)} ${unit}  budget ${budget} ${unit}  ${verdict}`,
    );
  }
}
if (failed.length > 0) {
  if (!asJson) console.error(`Over budget: ${failed.map(([label]) => label).join(', ')}`);
  process.exit(1);
}
