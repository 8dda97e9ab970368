import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzableRoutes, fuzzRoutes } from '../src/testing/fuzz.js';
import { createTestApp, merchantKey, type TestApp } from '../src/testing/index.js';

// Property-based fuzzing of every API route from its own contract (issue 9): a fixed seed here, so a
// failure reproduces; `npm run bench -- fuzz` runs the same generators for 100k+ requests. Invariants:
// never a 5xx, and every rejection in the protocol's error form.
const SEED = 20261122;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

let t: TestApp;
let ownerKey: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerKey = await merchantKey(t.database, 'owner');
});
afterAll(() => t.close());

describe('fuzzing every route from its contract', () => {
  it('finds routes to fuzz', () => {
    expect(fuzzableRoutes(t.app).length).toBeGreaterThan(10);
  });

  it('never answers 5xx and always rejects in the protocol form', async () => {
    const run = await fuzzRoutes(t.app, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE, ownerKey });
    expect(run.failures.slice(0, 10)).toEqual([]);
    expect(run.requests).toBe(run.routes * RUNS_PER_ROUTE);
    // The generators must reach handlers, not only the validator: some requests succeed.
    expect(run.statusClasses['2xx'] ?? 0).toBeGreaterThan(0);
    // ~7,000 requests in one test: it takes 15–30 s alone and longer beside other suites.
  }, 120_000);
});

describe('failures the fuzz bench found, kept as regressions', () => {
  it.each([
    ['/admin-api/v1/tax-regions/missing', { taxRegion: {} }],
    ['/admin-api/v1/membership-plans/missing', { membershipPlan: {} }],
    ['/admin-api/v1/memberships/missing', { membership: {} }],
  ])('PATCH %s with an empty patch is a 404, not a 500', async (url, payload) => {
    const reply = await t.app.inject({ method: 'PATCH', url, headers: { authorization: ownerKey }, payload });
    expect(reply.statusCode, reply.body).toBe(404);
  });
});
