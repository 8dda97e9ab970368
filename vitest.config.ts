import { defineConfig } from 'vitest/config';

// One runner for every workspace. The server suites run once per database: always on embedded PGlite,
// and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it; scripts/test.mjs explains when not).
const serverTests = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      { test: { name: 'sdk', include: ['packages/sdk/src/**/*.test.ts'] } },
      // The SDK against a real server (buildApp on a fresh database per file), once per database.
      ...(['pglite', ...(withPostgres ? ['postgres'] : [])] as const).map((db) => ({
        test: {
          name: `sdk:${db}`,
          include: ['packages/sdk/test/**/*.test.ts'],
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      ...(['pglite', ...(withPostgres ? ['postgres'] : [])] as const).map((db) => ({
        test: {
          name: `e2e:${db}`,
          include: ['apps/storefront/tests/e2e/**/*.spec.ts'],
          env: { TEST_DB: db },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      })),
    ],
  },
});
