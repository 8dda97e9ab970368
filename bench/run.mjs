#!/usr/bin/env node
// `npm run bench -- [scenario…]`: load scenarios measured against a bare Fastify baseline in the same
// run. Prints a table (req/s, p50, p99, ratio to baseline) and writes JSON to bench/results/.
// Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (16),
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PRODUCTS (100000,1000000),
// BENCH_PGLITE_PRODUCTS (PGlite's own sizes), BENCH_CART_CONNECTIONS (50), FUZZ_RUNS_PER_ROUTE (500),
// BENCH_ENGINES (postgres,pglite: the shopper scenarios on one engine only).
// The baseline is measured again before every scenario and each row's ratio uses the baseline taken
// just before it, so load that changes during a long run (a shared machine) skews ratios less.
import os from 'node:os';
import path from 'node:path';
import {
  assertBuilt,
  log,
  machine,
  measure,
  printTable,
  printTargets,
  ratioOf,
  root,
  saveResults,
  settings,
  startProcess,
} from './lib/harness.mjs';

const SCENARIOS = {
  catalog: () => import('./scenarios/catalog.mjs'),
  cart: () => import('./scenarios/cart.mjs'),
  flow: () => import('./scenarios/flow.mjs'),
  ssr: () => import('./scenarios/ssr.mjs'),
  events: () => import('./scenarios/events.mjs'),
  fuzz: () => import('./scenarios/fuzz.mjs'),
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !(name in SCENARIOS));
if (unknown.length > 0) {
  console.error(
    `Unknown scenario(s): ${unknown.join(', ')}. Available: ${Object.keys(SCENARIOS).join(', ')}`,
  );
  process.exit(64);
}
const names = wanted.length > 0 ? wanted : Object.keys(SCENARIOS);

const loadBefore = os.loadavg();
let baselineServer;
try {
  assertBuilt();
  log(`baseline: bare Fastify JSON hello (${settings.duration} s per measurement)`);
  baselineServer = await startProcess(
    'baseline',
    [path.join(root, 'bench/lib/baseline-server.mjs')],
    {},
    '/',
  );
  const baselines = [];
  const rows = [];
  const report = {
    machine: machine(),
    settings,
    startedAt: new Date().toISOString(),
    baselines,
    scenarios: {},
  };
  for (const name of names) {
    const scenario = await SCENARIOS[name]();
    const baseline = await measure(`baseline: fastify hello (before ${name})`, `${baselineServer.url}/`, {
      serverPid: baselineServer.pid,
    });
    baselines.push(baseline);
    rows.push(baseline);
    const results = await scenario.run({ measure, log, settings, baseline: baselineServer });
    for (const row of results.rows) row.baselineRequestsPerSecond = baseline.requestsPerSecond;
    rows.push(...results.rows);
    report.scenarios[name] = results;
  }
  await baselineServer.stop();
  console.log('');
  printTable(rows);
  report.ratios = Object.fromEntries(rows.map((row) => [row.label, Number(ratioOf(row).toFixed(3))]));
  report.targets = printTargets(report.scenarios, rows);
  report.load = { before: loadBefore, after: os.loadavg() };
  console.log(
    `\nMachine: ${os.cpus().length} cores; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} at start, ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at end (shared machine: compare ratios, not raw req/s)`,
  );
  console.log(`\nResults: ${saveResults(names.join('+'), report)}`);
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  await baselineServer?.stop();
  process.exit(1);
}
