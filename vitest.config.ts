import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace. The server suites run once per database: always on embedded PGlite,
// and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it; scripts/test.mjs explains when not).
const serverTests = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// One worker per core (vitest's default of cores − 1 ran a 2-core CI one file at a time); npm test runs
// the browser suites beside them in a second vitest. More workers than cores does not pay: a file's
// set-up (PGlite, compiling the app's schemas) is CPU-bound, and the races then hit their timeouts.
// TEST_WORKERS overrides it, e.g. TEST_WORKERS=1 to debug one file at a time.
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());
// The suites on a real database build their own app and database per file and close them, so a worker
// can keep its loaded modules from one file to the next (isolate: false) instead of importing the
// whole server again for each file, which was half of a file's set-up.
const dbSuite = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };
// This run's name for its PostgreSQL test databases (when it started, base 36, and a random part): the
// workers inherit it, and the PostgreSQL projects' global teardown drops the run's databases, which the
// workers keep from one file to the next (packages/server/src/testing/database.ts).
process.env.OPENSHELF_TEST_RUN ??= `${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;
const postgresCleanup = ['packages/server/src/testing/postgres-cleanup.ts'];

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          ...dbSuite,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                globalSetup: postgresCleanup,
                ...dbSuite,
              },
            },
          ]
        : []),
      { test: { name: 'sdk', include: ['packages/sdk/src/**/*.test.ts'] } },
      // The storefront's own units (pure functions such as the safe-redirect helper, components rendered to
      // HTML such as the admin's table); its pages are tested in Chromium by the e2e projects below.
      { test: { name: 'storefront', include: ['apps/storefront/app/**/*.test.{ts,tsx}'] } },
      // The storefront's loaders and actions called as React Router calls them (a real Request, the load
      // context the server gives) against a real in-process API, once per database; see docs/testing.md.
      ...(['pglite', ...(withPostgres ? ['postgres'] : [])] as const).map((db) => ({
        test: {
          name: `storefront:${db}`,
          include: ['apps/storefront/tests/routes/**/*.test.ts'],
          env: { TEST_DB: db },
          ...(db === 'postgres' ? { globalSetup: postgresCleanup } : {}),
          ...dbSuite,
        },
      })),
      // The SDK against a real server (buildApp on a fresh database per file), once per database.
      ...(['pglite', ...(withPostgres ? ['postgres'] : [])] as const).map((db) => ({
        test: {
          name: `sdk:${db}`,
          include: ['packages/sdk/test/**/*.test.ts'],
          env: { TEST_DB: db },
          ...(db === 'postgres' ? { globalSetup: postgresCleanup } : {}),
          ...dbSuite,
        },
      })),
      ...(['pglite', ...(withPostgres ? ['postgres'] : [])] as const).map((db) => ({
        test: {
          name: `e2e:${db}`,
          include: ['apps/storefront/tests/e2e/**/*.spec.ts', 'compat/**/*.spec.ts'],
          env: { TEST_DB: db },
          ...(db === 'postgres' ? { globalSetup: postgresCleanup } : {}),
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page reacting to a click can take over vitest's default second when the machine is busy;
          // the state polled for is the same.
          expect: { poll: { timeout: 10_000 } },
          // A browser file keeps about one core busy (its app, Chromium, the runner, and much waiting
          // for pages), so two run side by side on CI's two cores; each builds its own app, database
          // and browser, so a worker keeps its loaded modules from one file to the next.
          isolate: false,
        },
      })),
    ],
  },
});
