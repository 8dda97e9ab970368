import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64Url, fakeFetch, replies } from './testing/fake-fetch.js';
import { createTransport, QUERY_STRING_LIMIT, toJson } from './transport.js';

// What the transport sends. What it makes of failed replies and calls: transport-errors.test.ts.
const BASE = 'http://127.0.0.1:3000/api';

describe('request', () => {
  it('sends the raw access token, no Bearer prefix, and no body headers on GET', async () => {
    const fake = fakeFetch(replies({ body: { cart: { id: 'c1' } } }));
    const transport = createTransport({
      baseUrl: BASE,
      fetch: fake.fetch,
      getAuthHeader: async () => 'JWS.token',
    });
    const reply = await transport.request({ method: 'GET', path: '/ecom/v1/carts/current' });
    expect(reply).toEqual({ cart: { id: 'c1' } });
    const [call] = fake.calls;
    expect(call?.url).toBe('http://127.0.0.1:3000/api/ecom/v1/carts/current');
    expect(call?.method).toBe('GET');
    expect(call?.headers.authorization).toBe('JWS.token');
    expect(call?.headers['content-type']).toBeUndefined();
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.rawBody).toBeUndefined();
  });

  it('tells the token source whether the call needs an identity', async () => {
    const fake = fakeFetch(replies({ body: {} }));
    const asked: unknown[] = [];
    const transport = createTransport({
      baseUrl: BASE,
      fetch: fake.fetch,
      getAuthHeader: async (call) => {
        asked.push(call.identity);
        return undefined;
      },
    });
    await transport.request({ method: 'GET', path: '/a' });
    await transport.request({ method: 'GET', path: '/b', identity: 'optional' });
    await transport.queryRequest('/c', { query: {} });
    await transport.queryRequest('/d', { query: {} }, { identity: 'optional' });
    expect(asked).toEqual(['required', 'optional', 'required', 'optional']);
  });

  it('sends no Authorization header without a token', async () => {
    for (const getAuthHeader of [undefined, async () => undefined]) {
      const fake = fakeFetch(replies({ body: {} }));
      await createTransport({
        baseUrl: BASE,
        fetch: fake.fetch,
        ...(getAuthHeader ? { getAuthHeader } : {}),
      }).request({
        method: 'GET',
        path: '/x',
      });
      expect(fake.calls[0]?.headers).not.toHaveProperty('authorization');
    }
  });

  it('joins base URLs with trailing slashes and paths without a leading one', async () => {
    const fake = fakeFetch(replies({ body: {} }));
    const transport = createTransport({ baseUrl: 'https://shop.example//', fetch: fake.fetch });
    await transport.request({ method: 'GET', path: 'a/b' });
    await transport.request({ method: 'GET', path: '/c' });
    expect(fake.calls.map((c) => c.url)).toEqual(['https://shop.example/a/b', 'https://shop.example/c']);
  });

  it('sends JSON bodies with Dates as ISO strings and NaN/±Infinity as strings', async () => {
    const fake = fakeFetch(replies({ body: { product: {} } }));
    const transport = createTransport({ baseUrl: BASE, fetch: fake.fetch, headers: { 'x-extra': '1' } });
    await transport.request({
      method: 'PATCH',
      path: '/stores/v1/products/p1',
      body: {
        product: {
          weight: Number.NaN,
          price: Number.POSITIVE_INFINITY,
          cost: Number.NEGATIVE_INFINITY,
          n: 2,
          at: new Date(0),
        },
      },
    });
    const [call] = fake.calls;
    expect(call?.method).toBe('PATCH');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['x-extra']).toBe('1');
    expect(call?.rawBody).toBe(
      '{"product":{"weight":"NaN","price":"Infinity","cost":"-Infinity","n":2,"at":"1970-01-01T00:00:00.000Z"}}',
    );
  });

  it('encodes query parameters, repeating arrays and skipping undefined', async () => {
    const fake = fakeFetch(replies({ body: {} }));
    await createTransport({ baseUrl: BASE, fetch: fake.fetch }).request({
      method: 'GET',
      path: '/stores-reader/v1/products/p1',
      query: { id: 'p 1', flag: true, n: 3, ids: ['a', 'b'], none: undefined },
    });
    expect(fake.calls[0]?.url).toBe(
      'http://127.0.0.1:3000/api/stores-reader/v1/products/p1?id=p+1&flag=true&n=3&ids=a&ids=b',
    );
  });

  describe('default fetch', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('looks up globalThis.fetch at call time, so a later patch is honoured', async () => {
      const transport = createTransport({ baseUrl: BASE });
      const fake = fakeFetch(replies({ body: { ok: 1 } }));
      vi.stubGlobal('fetch', fake.fetch);
      await expect(transport.request({ method: 'GET', path: '/late' })).resolves.toEqual({ ok: 1 });
      expect(fake.calls[0]?.url).toBe(`${BASE}/late`);
    });
  });
});

describe('queryRequest', () => {
  const path = '/stores-reader/v1/products/query-platformized';

  it('sends GET ?.r=<base64url JSON> without padding', async () => {
    const fake = fakeFetch(replies({ body: { products: [], metadata: {} } }));
    const body = { query: { filter: { name: 'Café ☕ ~?&/' }, paging: { limit: 2, offset: 0 } } };
    await createTransport({ baseUrl: BASE, fetch: fake.fetch }).queryRequest(path, body);
    const [call] = fake.calls;
    expect(call?.method).toBe('GET');
    const url = new URL(call?.url ?? '');
    expect(url.pathname).toBe(`/api${path}`);
    expect([...url.searchParams.keys()]).toEqual(['.r']);
    const r = url.searchParams.get('.r') ?? '';
    expect(r).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(call?.url).toBe(`${BASE}${path}?.r=${r}`);
    expect(JSON.parse(decodeBase64Url(r))).toEqual(body);
    expect(call?.rawBody).toBeUndefined();
  });

  // `.r=` plus unpadded base64url can never be exactly 4000 characters long (lengths ≡ 1 mod 4 do not
  // occur), so 3999 and 4001 are the two sides of the threshold.
  const bodyOfBytes = (n: number) => ({ q: 'a'.repeat(n - 8) }); // {"q":"…"} is 8 bytes of framing

  it.each([
    [2997, 3999, 'GET'],
    [2998, 4001, 'POST'],
    [6000, 8003, 'POST'],
  ])('a %i-byte body gives a %i-character query string → %s', async (bytes, length, method) => {
    const body = bodyOfBytes(bytes);
    expect(JSON.stringify(body)).toHaveLength(bytes);
    expect(`.r=${Buffer.from(JSON.stringify(body)).toString('base64url')}`).toHaveLength(length);
    const fake = fakeFetch(replies({ body: {} }));
    await createTransport({ baseUrl: BASE, fetch: fake.fetch }).queryRequest(path, body);
    const [call] = fake.calls;
    expect(call?.method).toBe(method);
    expect(length > QUERY_STRING_LIMIT).toBe(method === 'POST');
    if (method === 'POST') {
      expect(call?.url).toBe(`${BASE}${path}`);
      expect(call?.headers['content-type']).toBe('application/json');
      expect(call?.body).toEqual(body);
    } else {
      expect(call?.url.length).toBe(`${BASE}${path}?`.length + length);
    }
  });

  it('maps query validation fields to the builder methods (no "undefined.paging.limit")', async () => {
    const fake = fakeFetch(
      replies({
        status: 400,
        body: {
          details: {
            validationError: {
              fieldViolations: [
                { field: 'query.paging.limit', description: 'must be at most 100', violatedRule: 'MAX' },
                { field: 'query.filter.price', description: 'is not sortable', violatedRule: 'OTHER' },
              ],
            },
          },
        },
      }),
    );
    const error = await createTransport({ baseUrl: BASE, fetch: fake.fetch })
      .queryRequest(path, { query: {} })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'INVALID_ARGUMENT: "filter.price" is not sortable, "limit" must be at most 100',
    );
  });
});

describe('toJson', () => {
  it.each<[unknown, string]>([
    [{ a: Number.NaN }, '{"a":"NaN"}'],
    [[Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 1.5], '["Infinity","-Infinity",0,0,1.5]'],
    [{ d: new Date('2024-05-01T10:00:00.000Z') }, '{"d":"2024-05-01T10:00:00.000Z"}'],
    [{ numericId: '1001', amount: '10.00' }, '{"numericId":"1001","amount":"10.00"}'],
  ])('%o → %s', (value, json) => {
    expect(toJson(value)).toBe(json);
  });
});
