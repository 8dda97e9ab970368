import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recommendations, taxRegions, tips } from '@wix/ecom';
import { createClient as createWixClient } from '@wix/sdk';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../testing/wix-sdk.js';

describe('API paths this server does not serve, with the storefront on the same port', () => {
  // A store may not offer every module an app calls (CMS data, blog, forum, loyalty, recommendations):
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
    '/forum/v1/posts/query',
    '/blog/v3/posts',
    '/loyalty/v1/accounts/current',
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
