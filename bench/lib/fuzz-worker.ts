// Runs the contract fuzzer (packages/server/src/testing/fuzz.ts) against a real app in this process, for
// `npm run bench -- fuzz`. Prints progress to stderr and one JSON line (the run) to stdout.
import { fuzzRoutes } from '../../packages/server/src/testing/fuzz.js';
import { createTestApp, merchantKey } from '../../packages/server/src/testing/index.js';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 500);
const t = await createTestApp();
try {
  const ownerKey = await merchantKey(t.database, 'owner');
  const started = performance.now();
  const run = await fuzzRoutes(t.app, {
    seed,
    runsPerRoute,
    ownerKey,
    onRoute: (done, total, run) => {
      if (done % 10 === 0 || done === total) {
        const classes = Object.entries(run.statusClasses)
          .sort()
          .map(([status, count]) => `${status} ${count}`)
          .join(', ');
        process.stderr.write(
          `[fuzz] ${done}/${total} routes, ${run.requests} requests (${classes}; ${run.failureCount} failures), ${Math.round((performance.now() - started) / 1000)} s\n`,
        );
      }
    },
  });
  process.stdout.write(
    `${JSON.stringify({ seed, runsPerRoute, seconds: (performance.now() - started) / 1000, ...run })}\n`,
  );
} finally {
  await t.close();
}
