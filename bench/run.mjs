#!/usr/bin/env node
// `npm run bench -- [scenario…]`: load scenarios measured against a bare Fastify baseline in the same
// run. Prints a table (req/s, p50, p99, ratio to baseline) and writes JSON to bench/results/.
// Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (16),
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PRODUCTS (100000).
import os from 'node:os';
import path from 'node:path';
import {
  assertBuilt,
  log,
  machine,
  measure,
  printTable,
  printTargets,
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
try {
  assertBuilt();
  log(`baseline: bare Fastify JSON hello (${settings.duration} s per measurement)`);
  const baselineServer = await startProcess(
    'baseline',
    [path.join(root, 'bench/lib/baseline-server.mjs')],
    {},
    '/',
  );
  const baseline = await measure('baseline: fastify hello', `${baselineServer.url}/`);
  await baselineServer.stop();
  const rows = [baseline];
  const report = {
    machine: machine(),
    settings,
    startedAt: new Date().toISOString(),
    baseline,
    scenarios: {},
  };
  for (const name of names) {
    const scenario = await SCENARIOS[name]();
    const results = await scenario.run({ measure, log, settings });
    rows.push(...results.rows);
    report.scenarios[name] = results;
  }
  console.log('');
  printTable(rows, baseline);
  report.ratios = Object.fromEntries(
    rows.map((row) => [row.label, Number((row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3))]),
  );
  report.targets = printTargets(report.scenarios, rows, baseline);
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
  process.exit(1);
}
