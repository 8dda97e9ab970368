import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recommendations, taxRegions, tips } from '@wix/ecom';
import { createClient as createWixClient } from '@wix/sdk';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerQueryRoute } from '../lib/http/query-route.js';
import { WireDate, WireFloat, WireFloatOut } from '../lib/http/wire.js';
import { createTestApp, merchantKey, type TestApp } from '../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../testing/wix-sdk.js';

// A query route and a float route registered on the real app, to exercise the shared machinery the
// domains use: .r decoding, POST fallback, filter strings, wire floats/dates, error mapping.
const QueryBody = Type.Object({
  query: Type.Object({
    filter: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    paging: Type.Optional(Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })) })),
  }),
});

function extend(app: FastifyInstance) {
  registerQueryRoute(
    app,
    { url: '/test/v1/things/query', body: QueryBody, response: undefined, summary: 'test', tags: ['test'] },
    async (request, body) => ({ method: request.method, body }),
  );
  app.post(
    '/test/v1/things/:id/measure',
    {
      schema: {
        params: Type.Object({ id: Type.String() }),
        body: Type.Object({ weight: WireFloat(), at: Type.Optional(WireDate()) }),
        response: { 200: Type.Object({ id: Type.String(), weight: WireFloatOut(), isDate: Type.Boolean() }) },
      },
    },
    async (request) => {
      const body = request.body as { weight: number; at?: Date };
      const weight = Number.isFinite(body.weight) ? body.weight : String(body.weight);
      return { id: (request.params as { id: string }).id, weight, isDate: body.at instanceof Date };
    },
  );
  app.get('/test/v1/boom', async () => {
    throw new Error('secret connection string postgres://admin:pw@db');
  });
  app.get('/test/v1/keys', async (request) => ({ keys: Object.keys(request.query as object).length }));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend });
});
afterAll(() => t.close());

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('wire protocol core over HTTP', () => {
  it('answers health and readiness', async () => {
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('puts x-wix-request-id on every reply, including errors and 404s', async () => {
    for (const url of ['/healthz', '/nope/v1/missing', '/test/v1/boom', '/admin-api/v1/api-keys']) {
      const reply = await t.app.inject(url);
      expect(reply.headers['x-wix-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('serves a GET query (.r) and its POST fallback identically, filter as object or JSON string', async () => {
    const query = { query: { filter: { $and: [{ _id: { $in: ['a'] } }] }, paging: { limit: 2 } } };
    const viaGet = await t.app.inject(`/test/v1/things/query?.r=${encode(query)}&id=ignored&unknown=1`);
    const viaPost = await t.app.inject({ method: 'POST', url: '/test/v1/things/query', payload: query });
    const viaString = await t.app.inject({
      method: 'POST',
      url: '/test/v1/things/query',
      payload: { query: { ...query.query, filter: JSON.stringify(query.query.filter) } },
    });
    const expected = { query: { filter: { $and: [{ id: { $in: ['a'] } }] }, paging: { limit: 2 } } };
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json()).toEqual({ method: 'GET', body: expected });
    expect(viaPost.json()).toEqual({ method: 'POST', body: expected });
    expect(viaString.json()).toEqual({ method: 'POST', body: expected });
  });

  it('validates the decoded .r like a body, in the protocol form', async () => {
    const reply = await t.app.inject(
      `/test/v1/things/query?.r=${encode({ query: { paging: { limit: 500 } } })}`,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: 'INVALID_ARGUMENT: "query.paging.limit" must be at most 100',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'query.paging.limit',
              description: 'must be at most 100',
              violatedRule: 'MAX',
              data: { threshold: 100 },
            },
          ],
        },
      },
    });
  });

  it('accepts NaN/Infinity float strings and ISO dates, and sends non-finite floats back as strings', async () => {
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/test/v1/things/t-1/measure?id=t-1', payload });
    const nan = await send({ id: 't-1', weight: 'NaN', at: '2024-05-01T10:00:00.000Z' });
    expect(nan.json()).toEqual({ id: 't-1', weight: 'NaN', isDate: true });
    expect((await send({ weight: '-Infinity' })).json().weight).toBe('-Infinity');
    expect((await send({ weight: '2.5' })).json().weight).toBe(2.5);
    const bad = await send({ weight: 'heavy', at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(['at', 'weight']);
  });

  it('turns malformed JSON and Fastify errors into protocol errors, never Fastify bodies', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/test/v1/things/query',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'body',
      violatedRule: 'FORMAT',
    });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/test/v1/things/query',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(wrongType.json()).not.toHaveProperty('statusCode');
  });

  it('refuses NUL characters (PostgreSQL text cannot hold them) as a field violation, in bodies and in .r', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/test/v1/things/query',
      payload: { query: { filter: { name: 'a\u0000b' } } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter.name',
      violatedRule: 'FORMAT',
    });
    const viaGet = await t.app.inject(
      `/test/v1/things/query?.r=${encode({ query: { filter: { name: '\u0000' } } })}`,
    );
    expect(viaGet.statusCode).toBe(400);
  });

  it('answers unknown paths with a JSON 404 in the protocol form', async () => {
    const reply = await t.app.inject('/ecom/v1/nothing-here');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().details.applicationError.code).toBe('NOT_FOUND');
  });

  it('answers over-long path segments and bad URLs in the protocol form, with a request id', async () => {
    const reply = await t.app.inject(`/admin-api/v1/webhooks/${'a'.repeat(300)}`);
    expect(reply.statusCode).toBe(414);
    expect(reply.json().details.applicationError.code).toBe('URI_TOO_LONG');
    expect(reply.headers['x-wix-request-id']).toBeDefined();
  });

  it('never leaks internals in a 500', async () => {
    const reply = await t.app.inject('/test/v1/boom');
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('postgres://');
    expect(reply.json().details.applicationError).toMatchObject({
      code: 'INTERNAL',
      data: { requestId: reply.headers['x-wix-request-id'] },
    });
  });

  it('parses up to 1000 query-string keys, and refuses more naming the limit on every route', async () => {
    const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}=${i}`).join('&');
    expect((await t.app.inject(`/test/v1/keys?${keys(1000)}`)).json()).toEqual({ keys: 1000 });
    // Empty pieces past the limit drop nothing, so they are not refused.
    expect((await t.app.inject(`/test/v1/keys?${keys(1000)}&&`)).json()).toEqual({ keys: 1000 });
    // The query's own `.r` after the 1000th key used to be dropped and reported as missing.
    const r = encode({ query: { paging: { limit: 1 } } });
    for (const [method, path] of [
      ['GET', '/test/v1/keys'],
      ['GET', '/test/v1/things/query'],
      ['GET', '/stores-reader/v1/products/query-platformized'],
      ['GET', '/v2/collections/query'],
      ['GET', '/stores-reader/v1/products/some-id'],
      ['GET', '/ecom/v1/carts/current'],
      ['POST', '/stores/v1/products'],
      ['GET', '/admin-api/v1/api-keys'],
    ] as const) {
      const reply = await t.app.inject({ method, url: `${path}?${keys(1000)}&.r=${r}` });
      expect(reply.statusCode, path).toBe(400);
      expect(reply.headers['x-wix-request-id'], path).toBeDefined();
      expect(reply.json().details.validationError.fieldViolations, path).toEqual([
        {
          field: '(query)',
          violatedRule: 'MAX_SIZE',
          description: 'must have at most 1000 parameters',
          data: { threshold: 1000 },
        },
      ]);
    }
  });

  it('answers CORS preflights with the headers the protocol clients need', async () => {
    const reply = await t.app.inject({
      method: 'OPTIONS',
      url: '/ecom/v1/carts/current',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,x-wix-bi-gateway,x-wix-consistent',
      },
    });
    expect(reply.statusCode).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('https://shop.example');
    const allowHeaders = String(reply.headers['access-control-allow-headers']);
    for (const header of ['authorization', 'content-type', 'x-wix-bi-gateway', 'x-wix-consistent']) {
      expect(allowHeaders).toContain(header);
    }
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      expect(String(reply.headers['access-control-allow-methods'])).toContain(method);
    }
    const simple = await t.app.inject({ url: '/healthz', headers: { origin: 'https://shop.example' } });
    expect(String(simple.headers['access-control-expose-headers'])).toMatch(
      /x-wix-request-id.*x-wix-consistent/,
    );
  });

  it('publishes OpenAPI 3.1 generated from the contracts, and the docs page', async () => {
    const spec = (await t.app.inject('/docs/json')).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/admin-api/v1/api-keys'].post.requestBody).toBeDefined();
    const page = await t.app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('merchant credentials', () => {
  it('guards admin calls: 401 anonymous, 403 for staff on owner-only calls, 200 for the owner', async () => {
    const owner = await merchantKey(t.database, 'owner');
    const staff = await merchantKey(t.database, 'staff');
    expect((await t.app.inject('/admin-api/v1/api-keys')).statusCode).toBe(401);
    const forbidden = await t.app.inject({
      url: '/admin-api/v1/api-keys',
      headers: { authorization: staff },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().details.applicationError.code).toBe('PERMISSION_DENIED');
    const ok = await t.app.inject({ url: '/admin-api/v1/api-keys', headers: { authorization: owner } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().apiKeys.length).toBeGreaterThanOrEqual(2);
    expect(ok.body).not.toContain(owner.split('_')[2]);
    const bearer = await t.app.inject({
      url: '/admin-api/v1/api-keys',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('rejects unknown tokens with 401 and a hint, and treats an empty header as anonymous', async () => {
    const reply = await t.app.inject({
      url: '/healthz',
      headers: { authorization: `osk_AAAAAAAAAAAA_${'x'.repeat(40)}` },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().details.applicationError.code).toBe('INVALID_TOKEN');
    expect((await t.app.inject({ url: '/healthz', headers: { authorization: '' } })).statusCode).toBe(200);
  });

  it('creates a key once, validates input with named fields, and revokes at once', async () => {
    const owner = await merchantKey(t.database, 'owner');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/api-keys',
      headers: { authorization: owner },
      payload: { role: 'emperor' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations).toEqual([
      { field: 'name', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      expect.objectContaining({ field: 'role', violatedRule: 'INVALID_ENUM_VALUE' }),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/api-keys',
      headers: { authorization: owner },
      payload: { name: 'Shop app', role: 'app' },
    });
    expect(created.statusCode).toBe(200);
    const { apiKey, secret } = created.json();
    expect(secret).toMatch(/^osk_[A-Za-z0-9]{12}_[A-Za-z0-9]{40}$/);
    expect(apiKey.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // An app key is a merchant but not the owner.
    expect(
      (await t.app.inject({ url: '/admin-api/v1/api-keys', headers: { authorization: secret } })).statusCode,
    ).toBe(403);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/admin-api/v1/api-keys/${apiKey.id}/revoke`,
      headers: { authorization: owner },
    });
    expect(revoked.json().apiKey.revokedDate).not.toBeNull();
    expect((await t.app.inject({ url: '/healthz', headers: { authorization: secret } })).statusCode).toBe(
      401,
    );
  });
});

describe('API paths this server does not serve, with the storefront on the same port', () => {
  // A store may not offer every module an app calls (CMS data, members, blog, plans, recommendations):
  // the app must get the protocol's JSON 404 it can read, never the storefront's HTML (wire-protocol.md
  // §8.3). The rule itself is unit-tested in api-request.test.ts; these are the replies on the wire.
  let shop: TestApp;
  let restoreFetch: () => void = () => {};
  beforeAll(async () => {
    const listening = await listeningTestApp({ storefront: true });
    shop = listening.t;
    restoreFetch = routeWixSdkTo(listening.base);
  });
  afterAll(async () => {
    restoreFetch();
    await shop?.close();
  });

  const UNSERVED = [
    '/wix-data/v2/items/query',
    '/members/v1/members/my',
    '/blog/v3/posts',
    '/pricing-plans/v2/plans',
    '/v1/recommendations/algorithms',
    '/ecom/v1/recommendations/get',
  ];

  function expectJson404(reply: Awaited<ReturnType<FastifyInstance['inject']>>, what: string) {
    expect(reply.statusCode, `${what} → ${reply.body.slice(0, 200)}`).toBe(404);
    expect(reply.headers['content-type'], what).toMatch(/^application\/json/);
    expect(reply.headers['x-wix-request-id'], what).toMatch(/^[0-9a-f-]{36}$/);
  }

  it('answers every method on them with the JSON 404, in the protocol form', async () => {
    for (const url of UNSERVED) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const reply = await shop.app.inject({
          method,
          url,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { query: {} } }),
        });
        expectJson404(reply, `${method} ${url}`);
        expect(reply.json()).toEqual({
          message: 'Not found',
          details: {
            applicationError: {
              code: 'NOT_FOUND',
              description: `There is no ${method} ${url}. The API reference is at /docs.`,
              data: { method, path: url },
            },
          },
        });
      }
      expectJson404(await shop.app.inject({ method: 'HEAD', url }), `HEAD ${url}`);
    }
  });

  it('answers any path called with the headers the public SDK sends, and no page load does, with the JSON 404', async () => {
    for (const headers of [{ authorization: '' }, { 'x-wix-bi-gateway': 'environment=js-sdk' }]) {
      const reply = await shop.app.inject({ url: '/currency-converter/list', headers });
      expectJson404(reply, JSON.stringify(headers));
      expect(reply.json().details.applicationError.code).toBe('NOT_FOUND');
    }
  });

  it('leaves pages to the storefront: its HTML 404, also for a slug that looks like a version', async () => {
    for (const url of ['/no-such-page', '/products/v2', '/collections/v1', '/currency-converter/list']) {
      const reply = await shop.app.inject({ url, headers: { accept: 'text/html' } });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type'], url).toMatch(/^text\/html/);
      expect(reply.body, url).toContain('<html');
    }
  });

  it('gives the unchanged public client an error it can read, not a JSON parse failure', async () => {
    const wix = createWixClient({ modules: { recommendations, taxRegions, tips } });
    // Paths of modules this server does not offer: /v1/recommendations/…, /billing/v1/…, /tips/v1/….
    for (const call of [
      () => wix.recommendations.listAvailableAlgorithms(),
      () => wix.taxRegions.getTaxRegion('tax-region-1'),
      () => wix.tips.previewTip([{ lineItemId: 'line-1' }]),
    ]) {
      const error = await call().then(
        (result) => expect.fail(`expected a 404, got ${JSON.stringify(result)}`),
        (thrown: unknown) => thrown as { status: number; details: unknown; requestId: unknown },
      );
      expect(error.status).toBe(404);
      expect(error.details).toMatchObject({ applicationError: { code: 'NOT_FOUND' } });
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('API paths this server does not serve, before the storefront is built', () => {
  let unbuilt: TestApp;
  beforeAll(async () => {
    const emptyBuild = mkdtempSync(path.join(tmpdir(), 'openshelf-no-storefront-'));
    unbuilt = await createTestApp({ storefront: true, env: { STOREFRONT_BUILD_DIR: emptyBuild } });
  });
  afterAll(() => unbuilt?.close());

  it('answers API calls with the JSON 404 by the same rule, and pages with the 503 that says to build', async () => {
    for (const [url, headers] of [
      ['/wix-data/v2/items/query', {}],
      ['/ecom/v1/nothing-here', {}],
      ['/currency-converter/list', { authorization: '' }],
    ] as const) {
      const reply = await unbuilt.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json().details.applicationError.code, url).toBe('NOT_FOUND');
    }
    const page = await unbuilt.app.inject({ url: '/products/v2', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.json().details.applicationError.code).toBe('UNAVAILABLE');
  });
});
