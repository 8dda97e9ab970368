import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../../../packages/sdk/test/support/admin-store.js';
import { freePort } from '../../../../packages/server/src/testing/ports.js';
import { mailedCode, PASSWORD, uniqueEmail, watchProblems } from './account-support.js';
import { browserAvailable, launchBrowser } from './browser.js';
import { fillCheckoutDetails, fillSandboxCard, type ShopServer, startShop } from './shop-fixture.js';

// The pages under their Content-Security-Policy in a real browser (docs/security.md, "Security
// headers"): every page a shopper, a member and the owner visit, and /docs, with no violation reported
// and no console error, and the client-side app still running (hydrated: client-side navigation, the
// cart drawer, forms submitted by the router). The headers themselves: packages/server/src/http/
// security-headers.test.ts.

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

describe.runIf(browserAvailable())('pages under their security headers, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let staff: { email: string; password: string };

  beforeAll(async () => {
    // Listening at PUBLIC_URL, so that the media the pages show (absolute on it) load and count too.
    const port = await freePort();
    shop = await startShop({ PUBLIC_URL: `http://127.0.0.1:${port}` }, port);
    staff = await createStaff(shop.t, 'owner@headers.example');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
  });

  /** A browser profile that reports every CSP violation of every page it opens. */
  async function watchedContext(): Promise<{ context: BrowserContext; violations: Violation[] }> {
    const context = await browser.newContext();
    const violations: Violation[] = [];
    await context.exposeBinding('__reportViolation', ({ page }, violation: Omit<Violation, 'page'>) => {
      violations.push({ page: page.url(), ...violation });
    });
    // Added before any script of the page runs, so a violation by the page's own bootstrap counts too.
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          (window as unknown as { __reportViolation: (v: unknown) => void }).__reportViolation({
            directive: event.violatedDirective,
            blocked: event.blockedURI,
            sample: event.sample,
          });
        },
        true,
      );
    });
    return { context, violations };
  }

  /** Marks the document; a client-side navigation keeps the mark, a full page load loses it. */
  async function markDocument(page: Page) {
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
  }
  const sameDocument = (page: Page) =>
    page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

  it('shop: home, collection, product, cart, checkout with the sandbox card, with no violation', {
    timeout: 120_000,
  }, async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    const problems = watchProblems(page);

    // The home page is shared by every shopper (ADR 037): its inline scripts run by hash, with no nonce.
    const home = await page.goto(shop.baseUrl, { waitUntil: 'networkidle' });
    expect(home?.headers()['content-security-policy']).toContain("'sha256-");
    expect(home?.headers()['content-security-policy']).not.toContain("'nonce-");
    await markDocument(page);
    await page
      .getByRole('navigation', { name: 'Collections', exact: true })
      .getByRole('link', { name: 'Apparel' })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Apparel');
    // The router moved to the collection without loading a document: the app hydrated.
    expect(await sameDocument(page)).toBe(true);

    await page.getByRole('link', { name: /Linen Tee/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Linen Tee');
    expect(await sameDocument(page)).toBe(true);
    // The colour swatches are style attributes (allowed by style-src-attr alone).
    expect(await page.locator('[style*="background"]').count()).toBeGreaterThan(0);
    await page.getByText('M', { exact: true }).click();
    await page.getByRole('radio', { name: /Navy/ }).check({ force: true });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect.poll(() => drawer.isVisible()).toBe(true);

    // The cart is personal: a fresh nonce per response.
    const cart = await page.goto(`${shop.baseUrl}/cart`, { waitUntil: 'networkidle' });
    expect(cart?.headers()['content-security-policy']).toContain("'nonce-");
    await expect.poll(() => page.getByText('Linen Tee').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await page.getByRole('radio', { name: /Standard/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Order #\d+ confirmed$/);

    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('account: sign-up with the e-mailed code, the account, log out and log in, with no violation', {
    timeout: 120_000,
  }, async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = uniqueEmail('headers');

    await page.goto(`${shop.baseUrl}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${shop.baseUrl}/verify-email`);
    await page.getByLabel('Verification code').fill(await mailedCode(shop.t, email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${shop.baseUrl}/account`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hello, Ada Lovelace');

    await page.goto(`${shop.baseUrl}/logout`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are logged out');
    await page.goto(`${shop.baseUrl}/login`, { waitUntil: 'networkidle' });
    await markDocument(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shop.baseUrl}/account`);
    // The router posted the form and followed the redirect itself.
    expect(await sameDocument(page)).toBe(true);

    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('admin: login and an admin page, with no violation', { timeout: 60_000 }, async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${shop.baseUrl}/admin/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.baseUrl}/admin/dashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await markDocument(page);
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Products');
    expect(await sameDocument(page)).toBe(true);
    await page.waitForLoadState('networkidle');

    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports an injected inline script as a violation, and it does not run (the watch above works)', async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    await page.goto(shop.baseUrl, { waitUntil: 'networkidle' });
    await page
      .addScriptTag({ content: 'window.__injected = true;' })
      .catch(() => undefined /* refused by the CSP */);
    await expect.poll(() => violations.map((v) => v.directive)).toEqual(['script-src-elem']);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBe(
      undefined,
    );
    await context.close();
  });

  it('the API reference at /docs runs Swagger UI under its own policy', async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    const codings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      codings.set(new URL(response.url()).pathname, response.headers()['content-encoding']);
    });
    await page.goto(`${shop.baseUrl}/docs`, { waitUntil: 'networkidle' });
    // Swagger UI rendered the operations from /docs/json: its scripts ran.
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(0);
    // Its files and the document came compressed (1.7 MB of script, ~250 KB of JSON as they are).
    expect(codings.get('/docs/static/swagger-ui-bundle.js')).toBe('br');
    expect(codings.get('/docs/json')).toBe('br');
    // An operation opens with its reply spelled out from the document's shared shapes: the list of API
    // keys is an array of `$ref: ApiKey`. (Swagger UI renders only the operations near the viewport.)
    const listKeys = page.locator(
      '.opblock-get:has(.opblock-summary-path[data-path="/admin-api/v1/api-keys"])',
    );
    await listKeys.locator('.opblock-summary').click();
    await expect
      .poll(() => listKeys.locator('.opblock-body .responses-wrapper').textContent())
      .toContain('lastUsedDate');

    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
