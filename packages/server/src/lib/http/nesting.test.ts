import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCollection, makeProduct } from '../../testing/catalog.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { MAX_NESTING_DEPTH, tooDeepPath } from './nesting.js';

// Issue #20, finding 2: a filter `{"$and":[{"$and":[…]}]}` 1,500 levels deep (a 20 KB body) overflowed
// the stack of a walk that ran before the filter's own depth check: a 500 on every query endpoint.
// Every request value is now measured without recursion before any walk sees it.

/** `{op: [ … {op: [{name: "Mug"}]} … ]}`, `levels` operators deep ($not takes an object, not a list). */
function nested(levels: number, op: '$and' | '$or' | '$not', leaf: object = { name: 'Mug' }): unknown {
  let filter: unknown = leaf;
  for (let i = 0; i < levels; i++) filter = { [op]: op === '$not' ? filter : [filter] };
  return filter;
}

/** `[[[…]]]` as JSON text, `levels` deep: built as text, since building it as a value is the hazard. */
const deepArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('tooDeepPath', () => {
  it('measures a value a million levels deep without recursing, and names where it passes the limit', () => {
    const value = JSON.parse(`{"a":${deepArrays(1_000_000)}}`);
    const path = tooDeepPath(value, 'body');
    expect(path).toBe(`body.a${'[0]'.repeat(MAX_NESTING_DEPTH - 1)}`);
  });

  it('passes a value exactly at the limit, and names the first branch past it', () => {
    let atLimit: unknown = {};
    for (let i = 1; i < MAX_NESTING_DEPTH; i++) atLimit = { k: atLimit };
    expect(tooDeepPath(atLimit)).toBeUndefined();
    expect(tooDeepPath({ fine: 1, deep: atLimit })).toBe(`deep${'.k'.repeat(MAX_NESTING_DEPTH - 1)}`);
    expect(tooDeepPath([1, 'two', null, [{ x: [] }]])).toBeUndefined();
  });
});

let t: TestApp;
let owner: string;
let visitor: string;
let mugId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
  visitor = visitorToken('nesting-visitor');
  const collection = await makeCollection(t.database.db, 'Kitchen');
  mugId = (await makeProduct(t.database.db, { name: 'Mug', collectionIds: [collection.id] })).record.id;
});
afterAll(() => t.close());

/** Every query call the app registers (catalog, orders, search): found from the route table itself. */
function queryRoutes() {
  type Schema = { properties?: Record<string, Schema> };
  return t.app.routeCatalog.filter((route) => {
    const { body, querystring } = (route.schema ?? {}) as { body?: Schema; querystring?: Schema };
    if (route.method === 'POST') return Boolean(body?.properties?.query?.properties?.filter);
    // GET calls that take a query in `.r` (listMembers sends only paging and sorting there: not a query).
    return (
      route.method === 'GET' &&
      Boolean(querystring?.properties?.['.r']) &&
      /\/(query|search)$/.test(route.url)
    );
  });
}

function sendQuery(method: string, url: string, body: unknown) {
  const headers = { authorization: owner };
  if (method === 'GET') {
    const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
    return t.app.inject({ method: 'GET', url: `${url}?.r=${encoded}`, headers });
  }
  return t.app.inject({ method: 'POST', url, headers, payload: body as object });
}

function expectNestingRefused(reply: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(reply.statusCode, reply.body).toBe(400);
  const [violation] = (reply.json() as { details: { validationError: { fieldViolations: unknown[] } } })
    .details.validationError.fieldViolations as {
    field: string;
    violatedRule: string;
    description: string;
  }[];
  expect(violation?.field.startsWith(field), violation?.field).toBe(true);
  expect(violation?.violatedRule).toBe('MAX');
  expect(violation?.description).toMatch(/maximum nesting depth|deeper than/);
}

describe('a filter nested 1,500 levels deep, on every query endpoint', () => {
  it('finds the query endpoints: products, collections, variants, orders, search; POST and GET forms', () => {
    const urls = queryRoutes().map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /stores/v1/products/query',
      'GET /stores/v1/products/query',
      'POST /stores-reader/v1/products/query-platformized',
      'GET /v2/collections/query',
      'POST /stores-reader/v1/variants/query',
      'GET /stores/v1/variants/query',
      'POST /ecom/v1/orders/query',
      'GET /ecom/v1/orders/query',
      'POST /stores/v1/products/search',
    ])
      expect(urls).toContain(expected);
  });

  it.each([
    ['$and', '$and[0]'],
    ['$or', '$or[0]'],
    ['$not', '$not'],
  ] as const)('%s: a 400 naming query.filter and the nesting rule, in both forms', async (op, step) => {
    const routes = queryRoutes();
    for (const route of routes) {
      const reply = await sendQuery(route.method, route.url, { query: { filter: nested(1500, op) } });
      expectNestingRefused(reply, `query.filter.${step}`);
    }
  });

  it('a filter sent as a JSON string (the REST docs form) is measured once parsed', async () => {
    for (const route of queryRoutes().filter((r) => !r.url.endsWith('/search'))) {
      const filter = JSON.stringify(nested(1500, '$and'));
      expectNestingRefused(
        await sendQuery(route.method, route.url, { query: { filter } }),
        'query.filter.$and[0]',
      );
    }
  });

  it('nesting past the filter language limit (8) but within the request limit names the filter rule', async () => {
    const reply = await sendQuery('POST', '/stores/v1/products/query', {
      query: { filter: nested(12, '$or') },
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().details.validationError.fieldViolations[0]).toMatchObject({
      violatedRule: 'MAX',
      description: 'nests deeper than 8 levels',
    });
  });

  it('a legitimate filter at the allowed depth still answers, in both forms', async () => {
    for (const method of ['POST', 'GET']) {
      const filter = nested(8, '$and');
      const reply = await sendQuery(method, '/stores/v1/products/query', { query: { filter } });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().products.map((p: { id: string }) => p.id)).toEqual([mugId]);
    }
    const or = await sendQuery('GET', '/v2/collections/query', {
      query: { filter: nested(8, '$or', { name: 'Kitchen' }) },
    });
    expect(or.statusCode, or.body).toBe(200);
    expect(or.json().collections).toHaveLength(1);
  });
});

describe('an arbitrary body nested 50,000 levels deep, on routes that take no filter', () => {
  const body = `{"lineItems":${deepArrays(50_000)},"product":{"name":${deepArrays(50_000)}}}`;
  it.each([
    ['POST', '/ecom/v1/carts/current/add-to-cart', 'shopper'],
    ['PATCH', '/ecom/v1/carts/current', 'shopper'],
    ['POST', '/ecom/v1/checkouts', 'shopper'],
    ['POST', '/_api/redirects-api/v1/redirect-session', 'shopper'],
    ['PATCH', '/_api/preferences/v1/preferences/current', 'shopper'],
    ['POST', '/_api/iam/authentication/v2/login', 'anonymous'],
    ['POST', '/stores/v1/products', 'owner'],
    ['POST', '/stores/v1/products/x/variants/query', 'owner'],
    ['POST', '/admin-api/v1/coupons', 'owner'],
  ] as const)('%s %s: a 400 naming the field, never a 500', async (method, url, as) => {
    const authorization = as === 'owner' ? owner : as === 'shopper' ? visitor : undefined;
    const reply = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: body,
    });
    expectNestingRefused(reply, 'lineItems[0][0]');
  });

  it('every route with a body answers 4xx to it', async () => {
    // 20,000 levels: deep enough to overflow even the simplest recursive walk (5,000 does not), and a
    // third of the cost of the 50,000 above to parse on every route (that parsing was most of this file).
    const body = `{"lineItems":${deepArrays(20_000)},"product":{"name":${deepArrays(20_000)}}}`;
    for (const route of t.app.routeCatalog) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(route.method) || route.url === '/*') continue;
      const reply = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:\w+/g, 'x'),
        headers: { 'content-type': 'application/json', authorization: owner },
        payload: body,
      });
      expect(
        reply.statusCode,
        `${route.method} ${route.url}: ${reply.body.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, `${route.method} ${route.url}: ${reply.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
