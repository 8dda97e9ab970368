import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';
import { publicSdkCalls, sdkCallsTable, statusOfCalls } from '../testing/sdk-calls.js';

// docs/third-party-apps.md tabulates every call of the public packages and whether this server serves
// it, from the packages' own code and the app's own routes: this fails when the table is stale, and
// `npm run docs:sdk-calls` rewrites it.

const DOC = fileURLToPath(new URL('../../../../docs/third-party-apps.md', import.meta.url));
const START = '<!-- sdk-calls:start (npm run docs:sdk-calls writes this table) -->';
const END = '<!-- sdk-calls:end -->';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the public packages’ calls', () => {
  it('are read from the packages: each module’s calls with the path the unchanged client requests', () => {
    const calls = publicSdkCalls();
    const find = (module: string, call: string) => calls.find((c) => c.module === module && c.call === call);
    expect(find('members', 'getCurrentMember')).toMatchObject({
      method: 'GET',
      path: '/members/v1/members/my',
    });
    expect(find('members', 'getMember')).toMatchObject({ method: 'GET', path: '/members/v1/members/{id}' });
    expect(find('plans', 'queryPublicPlans')).toMatchObject({
      method: 'POST',
      path: '/pricing-plans/v2/plans/public/query',
    });
    expect(find('currentCart', 'addToCurrentCart')).toMatchObject({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
    });
    expect(new Set(calls.map((call) => call.umbrella)).size).toBe(6);
    expect(calls.length).toBeGreaterThan(500);
  });

  it('are matched to the routes: the calls Wix’s templates make are served, the missing ones are not', () => {
    const calls = publicSdkCalls();
    const statuses = statusOfCalls(calls, t.app.routeCatalog);
    const status = (module: string, call: string) =>
      statuses.get(calls.find((c) => c.module === module && c.call === call) ?? calls[0]!);
    for (const [module, call] of [
      ['products', 'queryProducts'],
      ['currentCart', 'addToCurrentCart'],
      ['currentCart', 'getCurrentCart'],
      ['checkout', 'createCheckout'],
      ['redirects', 'createRedirectSession'],
      ['members', 'getCurrentMember'],
      ['plans', 'queryPublicPlans'],
      ['orders', 'memberListOrders'],
    ])
      expect(status(module as string, call as string), `${module}.${call}`).toBe('served');
    expect(status('members', 'muteMember')).toBe('refused');
    expect(status('badges', 'createBadge')).toBe('not served');
  });

  it('are tabulated in docs/third-party-apps.md as they stand (npm run docs:sdk-calls rewrites it)', () => {
    const calls = publicSdkCalls();
    const table = sdkCallsTable(calls, statusOfCalls(calls, t.app.routeCatalog));
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/third-party-apps.md lacks the line ${START}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const fresh = `${doc.slice(0, start + START.length)}\n\n${table}\n\n${doc.slice(end)}`;
    if (process.env.WRITE_SDK_CALLS === '1') writeFileSync(DOC, fresh);
    else expect(doc, 'the table is stale: run `npm run docs:sdk-calls` and commit it').toBe(fresh);
  });
});
