import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, type TestApp } from '../src/testing/index.js';

// The full-page cache of shared shop pages (ADR 037, docs/performance.md "Page cache"): through the real
// storefront build and the real admin API, on the test project's database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set). Between processes: test/scale-out.test.ts.

const origin = 'http://localhost';

function cookiesOf(reply: LightMyRequestResponse): string {
  const raw = reply.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/** The inline scripts of a page, as the browser hashes them. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ''))
    .map((match) => match[2] ?? '');
}

describe('page cache: shared shop pages', () => {
  let t: TestApp;
  let owner: string;
  let product: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    owner = await merchantKey(t.database);
    const created = await t.app.inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { authorization: owner },
      payload: { product: { name: 'Cached Mug', productType: 'physical', priceData: { price: 10 } } },
    });
    expect(created.statusCode, created.body).toBe(200);
    product = created.json().product;
  });
  afterAll(() => t?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  /**
   * The page once it is kept. On PostgreSQL the NOTIFY of an earlier write comes back a little after its
   * reply and drops what was kept in between, so the first render after a write may not be the one kept.
   */
  async function keptPage(url: string, headers: Record<string, string> = {}) {
    let rendered = await page(url, headers);
    for (let attempt = 0; attempt < 50; attempt++) {
      const reply = await page(url, headers);
      if (reply.headers['x-page-cache'] === 'hit') return { rendered, kept: reply };
      rendered = reply;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${url} was never served from the page cache`);
  }

  it('renders a product page once and serves the next request from memory, byte for byte', async () => {
    const { rendered: first, kept: second } = await keptPage(`/products/${product.slug}?first`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-type']).toMatch(/^text\/html/);
    expect(second.body).toContain('Cached Mug');
    // No per-response request id is replayed to another shopper.
    expect(second.headers['x-wix-request-id']).not.toBe(first.headers['x-wix-request-id']);
  });

  it('says how a CDN may keep it: public, s-maxage, stale-while-revalidate, and a strong ETag', async () => {
    const reply = await page('/');
    expect(reply.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(reply.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 to a client holding the same ETag, hit or miss, and 200 to one holding another', async () => {
    const url = `/products/${product.slug}?etag`;
    const first = await page(url);
    const etag = String(first.headers.etag);
    const again = await page(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await page(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await page(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('carries no nonce: its inline scripts are allowed by their hashes, and only they', async () => {
    const reply = await page(`/products/${product.slug}`);
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).not.toMatch(/nonce-/);
    expect(reply.body).not.toMatch(/\snonce=/);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    const { createHash } = await import('node:crypto');
    const scripts = inlineScripts(reply.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(scriptSrc.trim().split(/\s+/).slice(0, 2)).toEqual(['script-src', "'self'"]);
  });

  it('drops the page when the price or name changes through the admin API', async () => {
    const url = `/products/${product.slug}`;
    expect((await keptPage(url)).kept.body).toContain('$10.00');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/stores/v1/products/${product.id}`,
      headers: { authorization: owner },
      payload: { product: { name: 'Cached Mug Deluxe', priceData: { price: 12.5 } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await page(url);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('$12.50');
    expect(after.body).toContain('Cached Mug Deluxe');
    expect(after.body).not.toContain('$10.00');
  });

  it('drops every page when the store is renamed in Settings', async () => {
    await keptPage('/');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/admin-api/v1/store-settings',
      headers: { authorization: owner },
      payload: { settings: { storeName: 'Renamed Pottery' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page('/');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('Renamed Pottery');
  });

  it("serves a shopper with a cart the shared page, and that shopper's count from /shopper-state", async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: `/products/${product.slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams({ quantity: '3' }).toString(),
    });
    expect(add.statusCode, add.body).toBeLessThan(400);
    const cookie = cookiesOf(add);
    expect(cookie).toMatch(/=/);

    const { kept: withCart } = await keptPage(`/products/${product.slug}?shopper`, { cookie });
    const anonymous = await page(`/products/${product.slug}?shopper`);
    expect(withCart.body).toBe(anonymous.body);
    expect(withCart.headers['set-cookie']).toBeUndefined();
    // The shared page shows an empty cart to everyone; the shopper's own count comes after hydration.
    expect(withCart.body).not.toContain('class="cart-count"');
    expect(withCart.body).toContain('Cart, 0 items');

    const state = await page('/shopper-state', { cookie });
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('private, no-store');
    expect(state.json()).toEqual({ cartCount: 3, signedIn: false });
    const stranger = await page('/shopper-state');
    expect(stranger.json()).toEqual({ cartCount: 0, signedIn: false });
    expect(stranger.headers['set-cookie']).toBeUndefined();
  });

  it('never keeps personal pages: the cart is private, no-store and rendered every time', async () => {
    for (const url of ['/cart', '/login']) {
      const first = await page(url);
      const second = await page(url);
      expect(first.headers['cache-control'], url).toBe('private, no-store');
      expect(second.headers['x-page-cache'], url).toBeUndefined();
      expect(second.headers['content-security-policy'], url).toMatch(/'nonce-/);
    }
  });

  it("renders an app's redirect-session link and unknown pages for each request", async () => {
    const hosted = await page(`/products/${product.slug}?flow=unknown`);
    expect(hosted.headers['cache-control']).toBe('private, no-store');
    expect((await page(`/products/${product.slug}?flow=unknown`)).headers['x-page-cache']).toBeUndefined();
    const missing = await page('/products/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    expect(missing.headers['content-security-policy']).toMatch(/'nonce-/);
  });
});

describe('page cache off (PAGE_CACHE=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: { PAGE_CACHE: 'off', PAGE_CACHE_CDN_SECONDS: '0' } });
  });
  afterAll(() => t?.close());

  it('renders every request, still shared (no nonce, ETag, public) for a CDN', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const second = await t.app.inject({ method: 'GET', url: '/' });
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['off', 'off']);
    expect(second.headers['cache-control']).toBe('public, no-cache');
    expect(second.headers['content-security-policy']).not.toMatch(/nonce-/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(second.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});
