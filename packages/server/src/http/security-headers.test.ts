import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthClient } from '../domains/identity/oauth/oauth-clients.service.js';
import { createTestApp, makeProduct, merchantKey, pollUntil, type TestApp } from '../testing/index.js';

// The headers of each kind of reply (docs/security.md, "Security headers"), on a store whose PUBLIC_URL
// is plain http and on one behind https. The browser side (no CSP violation on any page) is
// apps/storefront/tests/e2e/security-headers.spec.ts.

const HSTS = 'max-age=15552000; includeSubDomains';
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const assetsDir = path.resolve(import.meta.dirname, '../../../../apps/storefront/build/client/assets');

/** The CSP as a map of directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

function nonceOf(csp: Map<string, string[]>): string {
  const source = csp.get('script-src')?.find((item) => item.startsWith("'nonce-"));
  expect(source, 'script-src has no nonce').toBeDefined();
  return String(source).slice("'nonce-".length, -1);
}

/** Headers every reply carries, page or not. */
function expectCommon(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-permitted-cross-domain-policies']).toBe('none');
}

/** The fixed set of every reply that is not a page. */
function expectApiSet(headers: Record<string, unknown>, https: boolean) {
  expectCommon(headers);
  expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBe(https ? HSTS : undefined);
}

describe.each([
  { name: 'http', publicUrl: undefined },
  { name: 'https', publicUrl: 'https://shop.example' },
])('security headers, PUBLIC_URL $name', ({ publicUrl }) => {
  const https = publicUrl !== undefined;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: publicUrl ? { PUBLIC_URL: publicUrl } : {} });
  });
  afterAll(() => t?.close());

  const page = (url = '/') => t.app.inject({ url, headers: { accept: 'text/html' } });

  it('gives a personal page a CSP whose fresh nonce every inline and module script carries', async () => {
    const [first, second] = [await page('/cart'), await page('/cart')];
    expect(first.statusCode).toBe(200);
    const csp = policy(first.headers['content-security-policy']);
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(nonceOf(policy(second.headers['content-security-policy']))).not.toBe(nonce);
    // Every script element of the page carries this response's nonce, and only it.
    const scripts = first.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(second.body).not.toContain(nonce);

    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", new URL(t.config.publicUrl).origin, 'data:', 'blob:']),
    );
    expect(csp.has('upgrade-insecure-requests')).toBe(https);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('gives a shared page (kept for every shopper) no nonce: its own inline scripts by hash, nothing else', async () => {
    const reply = await page('/');
    const csp = policy(reply.headers['content-security-policy']);
    const [self, ...hashes] = csp.get('script-src') ?? [];
    expect(self).toBe("'self'");
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(reply.body).not.toMatch(/\snonce=/);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('gives a page the same-origin resource policy, deny framing, and HSTS only on https', async () => {
    const { headers } = await page('/products');
    expectCommon(headers);
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBe(https ? HSTS : undefined);
    // No opener policy: the hosted login may run in an app's popup (web_message).
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it("lets a page's forms end on a registered app's origins, and on no other", async () => {
    const before = policy((await page('/login')).headers['content-security-policy']).get('form-action');
    expect(before).not.toContain('https://app.example');
    await createOAuthClient(
      t.database.db,
      {
        name: 'Headers app',
        kind: 'public',
        redirectUris: ['https://app.example/callback', 'http://127.0.0.1/native-callback'],
        allowedOrigins: ['https://shop-app.example'],
      },
      { publicUrl: t.config.publicUrl },
    );
    // Kept in memory and read again on the change's NOTIFY (on PostgreSQL it arrives a moment later). The
    // store's own client (created on the first page) has its callback on PUBLIC_URL. A loopback redirect
    // URI may answer on any port (RFC 8252 §7.3).
    const origins = [
      'https://app.example',
      'https://shop-app.example',
      'http://127.0.0.1:*',
      new URL(t.config.publicUrl).origin,
    ];
    const after = await pollUntil(
      async () => policy((await page('/login')).headers['content-security-policy']).get('form-action'),
      (sources) => sources?.length === origins.length + 1,
    );
    expect(after).toEqual(["'self'", ...origins.sort()]);
  });

  it('gives the admin pages the page policy too', async () => {
    const { headers, statusCode } = await page('/admin/login');
    expect(statusCode).toBe(200);
    nonceOf(policy(headers['content-security-policy']));
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('gives API replies, cached ones included, the fixed set and no page policy', async () => {
    const { record } = await makeProduct(t.database.db, { name: 'Header Mug' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const get = () =>
      t.app.inject({
        url: `/stores-reader/v1/products/${record.id}`,
        headers: { origin: 'https://app.example' },
      });
    const [miss, hit] = [await get(), await get()];
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['miss', 'hit']);
    for (const reply of [miss, hit]) {
      expect(reply.statusCode).toBe(200);
      expectApiSet(reply.headers, https);
      expect(reply.headers['content-security-policy']).toBe(API_CSP);
      // CORS is as it was: apps on other origins read the API.
      expect(reply.headers['access-control-allow-origin']).toBeDefined();
    }
    const error = await t.app.inject({ url: '/v1/products/query' });
    expect(error.statusCode).toBe(400);
    expectApiSet(error.headers, https);
  });

  it('lets apps on other origins embed media, which renders nothing active when opened', async () => {
    const owner = await merchantKey(t.database, 'owner');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const boundary = 'openshelfheaders';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/media',
      payload,
      headers: { authorization: owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const media = await t.app.inject({ url: new URL(uploaded.json().file.url).pathname });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toMatch(/^image\//);
    expectApiSet(media.headers, https);
    expect(media.headers['content-security-policy']).toBe(API_CSP);
  });

  it('gives built assets and health checks the fixed set, without a page nonce', async () => {
    const script = readdirSync(assetsDir).find((name) => name.endsWith('.js'));
    const asset = await t.app.inject({ url: `/assets/${script}` });
    expect(asset.statusCode).toBe(200);
    expectApiSet(asset.headers, https);
    expect(asset.headers['content-security-policy']).toBe(API_CSP);
    for (const url of ['/healthz', '/readyz']) {
      const reply = await t.app.inject({ url });
      expectApiSet(reply.headers, https);
    }
  });

  it('sends built assets as the Brotli or gzip copy the build made, when the browser accepts it', async () => {
    const script = readdirSync(assetsDir).find((name) => name.endsWith('.js'));
    const file = path.join(assetsDir, script as string);
    const plain = await t.app.inject({ url: `/assets/${script}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(readFileSync(file))).toBe(true);
    for (const [accept, coding, copy] of [
      ['br, gzip', 'br', `${file}.br`],
      ['gzip', 'gzip', `${file}.gz`],
    ] as const) {
      const reply = await t.app.inject({ url: `/assets/${script}`, headers: { 'accept-encoding': accept } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe(coding);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.rawPayload.equals(readFileSync(copy))).toBe(true);
    }
  });

  it('gives /docs a policy of its own that lets Swagger UI run its files', async () => {
    const docs = await t.app.inject({ url: '/docs', headers: { accept: 'text/html' } });
    expect(docs.statusCode).toBe(200);
    const csp = policy(docs.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", new URL(t.config.publicUrl).origin]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expectCommon(docs.headers);
    expect(docs.headers['strict-transport-security']).toBe(https ? HSTS : undefined);
  });

  it("keeps the policies of the API's own HTML pages and the hand-over's no-referrer", async () => {
    const mailbox = await t.app.inject({ url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(200);
    expect(policy(mailbox.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    expect(policy(mailbox.headers['content-security-policy']).get('frame-src')).toEqual(["'self'"]);
    const authorize = await t.app.inject({ url: '/oauth2/authorize?client_id=nobody' });
    expect(authorize.headers['content-type']).toMatch(/^text\/html/);
    expect(authorize.headers['referrer-policy']).toBe('no-referrer');
    expect(policy(authorize.headers['content-security-policy']).get('style-src')).toEqual([
      "'unsafe-inline'",
    ]);
    expectCommon(authorize.headers);
  });
});

describe('security headers with Stripe taking the cards', () => {
  it("allows Stripe's script, frames and API on pages only when Stripe is configured", async () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    const withStripe = await createTestApp({ storefront: true, env: keys });
    const without = await createTestApp({ storefront: true });
    try {
      const csp = policy(
        (await withStripe.app.inject({ url: '/products', headers: { accept: 'text/html' } })).headers[
          'content-security-policy'
        ],
      );
      expect(csp.get('script-src')).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']),
      );
      expect(csp.get('frame-src')).toEqual([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      const plain = policy(
        (await without.app.inject({ url: '/products', headers: { accept: 'text/html' } })).headers[
          'content-security-policy'
        ],
      );
      expect(plain.get('script-src')?.some((source) => source.includes('stripe'))).toBe(false);
      expect(plain.get('frame-src')).toBeUndefined();
      expect(plain.get('connect-src')).toEqual(["'self'"]);
    } finally {
      await withStripe.close();
      await without.close();
    }
  });
});
