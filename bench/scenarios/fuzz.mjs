// Contract fuzzing at volume (issue #9): every API route gets FUZZ_RUNS_PER_ROUTE (500) requests generated
// from its TypeBox contract (fast-check), sent in-process to a real app on PGlite (FUZZ_DB=postgres for a
// fresh PostgreSQL database). One in five carries a hostile shape (issue #20): nesting 10, 100 or 2,000
// levels deep (in filters and in body objects), thousands of keys, strings up to 900 KB, lists of 100,000
// items. Passes with ≥ 100,000 requests, 0 replies ≥ 500 and every rejection in the protocol's
// validation/application error form. A new seed each run (FUZZ_SEED to repeat one). Progress (routes,
// requests, status classes, failures) goes to stderr every 10 routes.
import { spawnSync } from 'node:child_process';
import { log, root } from '../lib/harness.mjs';

export async function run() {
  log('fuzz: generating requests from every route contract (progress every 10 routes)…');
  const db = process.env.FUZZ_DB === 'postgres' ? 'postgres' : 'pglite';
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/fuzz-worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      TEST_DB: db,
      TEST_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the fuzz worker failed (${child.status})`);
  const result = JSON.parse(child.stdout.trim().split('\n').pop());
  log(
    `fuzz: ${result.requests} requests over ${result.routes} routes in ${Math.round(result.seconds)} s (seed ${result.seed}); ${result.failureCount} failures; status classes ${JSON.stringify(result.statusClasses)}; hostile shapes ${JSON.stringify(result.hostile)}`,
  );
  for (const failure of result.failures.slice(0, 20)) log(`  ${failure}`);
  const verdict = result.requests >= 100_000 && result.failureCount === 0 ? 'MET' : 'NOT MET';
  console.log(
    `\nfuzz (${db}): ${verdict} — ${result.requests} requests, ${result.failureCount} failures (target ≥ 100,000 requests, 0 replies ≥ 500, every rejection in protocol form)`,
  );
  return { rows: [], notes: { ...result, db, verdict } };
}
