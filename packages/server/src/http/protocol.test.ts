import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, type TestApp } from '../testing/index.js';
import { registerProtocolTestRoutes } from '../testing/protocol-routes.js';

// The shared machinery the domains use (test routes registered on the real app), and merchant
// credentials. Paths the server does not serve are in unserved-paths.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: registerProtocolTestRoutes });
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
    // A call served on several paths is listed once, at the protocol's path, naming the others.
    expect(spec.paths['/ecom/v1/checkouts/{id}'].get.description).toBe('Also served at `/v1/checkouts/:id`.');
    expect(spec.paths['/v1/checkouts/{id}']).toBeUndefined();
    expect(spec.paths['/_api/iam/authentication/v2/login'].post.description).toBe(
      'Also served at `/v2/login`.',
    );
    expect(spec.paths['/v2/login']).toBeUndefined();
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
