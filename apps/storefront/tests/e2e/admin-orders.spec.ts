import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, createAdminClient } from '../../../../packages/sdk/src/index.js';
import {
  type AdminTestServer,
  createStaff,
  placeOrder,
  startAdminTestServer,
} from '../../../../packages/sdk/test/support/admin-store.js';
import { signIn } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('merchant admin: orders, gift cards and accessibility in Chromium', () => {
  let server: AdminTestServer;
  let browser: Browser;
  let staff: { email: string; password: string };
  let admin: AdminClient;
  let productId: string;

  beforeAll(async () => {
    server = await startAdminTestServer({ storefront: true });
    staff = await createStaff(server.t, 'manager@harbor.example', 'staff');
    browser = await launchBrowser();
    const { accessToken } = await createAdminClient({ baseUrl: server.baseUrl }).auth.login(
      staff.email,
      staff.password,
    );
    admin = createAdminClient({ baseUrl: server.baseUrl, staffToken: accessToken });
    productId = (
      await admin.products.create({
        name: 'Stoneware Bowl',
        priceData: { price: 24 },
        visible: true,
        stock: { trackInventory: true, quantity: 10 },
      })
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signedIn = async (options: { javaScriptEnabled?: boolean } = {}): Promise<Page> => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, staff.email, staff.password);
    return page;
  };

  it('finds an order by e-mail, marks it paid and fulfilled; the dashboard counts it', async () => {
    const { orderId } = await placeOrder(server.t, productId, 'rosa@example.com');
    await placeOrder(server.t, productId, 'sam@example.com');
    const page = await signedIn();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Order number or e-mail').fill('rosa@');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const order = await admin.orders.get(orderId);
    await page.getByRole('link', { name: `#${order.number}` }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Order #${order.number}`);

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Marked as paid.');
    await expect.poll(() => page.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark as fulfilled' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Marked as fulfilled.');
    expect(await admin.orders.get(orderId)).toMatchObject({
      paymentStatus: 'PAID',
      fulfillmentStatus: 'FULFILLED',
    });

    // Staff (not owners) see no API keys, and the page itself says so; unknown orders are a 404.
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    expect((await page.goto(`${server.baseUrl}/admin/api-keys`))?.status()).toBe(403);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Not allowed');
    expect((await page.goto(`${server.baseUrl}/admin/orders/no-such-order`))?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Not found');
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Last 30 days' }).textContent())
      .toContain('Orders2');
    expect(await page.getByRole('img', { name: 'Revenue per day, last 30 days' }).count()).toBe(1);
    await page.context().close();
  });

  it('works without JavaScript: sign in, cancel an order (after confirming)', async () => {
    const { orderId } = await placeOrder(server.t, productId, 'nojs@example.com');
    const page = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForLoadState();
    expect((await admin.orders.get(orderId)).status).toBe('APPROVED');
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('status').textContent()).toContain('Order cancelled');
    expect((await admin.orders.get(orderId)).status).toBe('CANCELED');
    await page.context().close();
  });

  it('shows an issued gift card code once, then only its last characters; disables it', async () => {
    const page = await signedIn();
    await page.goto(`${server.baseUrl}/admin/gift-cards`);
    await page.getByLabel('Amount').fill('40');
    await page.getByRole('button', { name: 'Issue gift card' }).click();
    const code = await page.locator('output.admin-secret').textContent({ timeout: 10_000 });
    expect(code?.length).toBeGreaterThanOrEqual(8);
    const lastFour = (code ?? '').replace(/[^A-Za-z0-9]/g, '').slice(-4);
    await page.reload();
    expect(await page.content()).not.toContain(code);
    await expect
      .poll(() => page.getByRole('rowheader', { name: `••••${lastFour}`, exact: true }).count())
      .toBe(1);
    await page.getByRole('button', { name: `Disable gift card ••••${lastFour}` }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(`Gift card ••••${lastFour} disabled.`);
    await page.context().close();
  });

  it('keeps e-mail for the owner in the admin mailbox; staff do not see it', async () => {
    const register = await fetch(`${server.baseUrl}/_api/iam/authentication/v2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email: 'mailbox-kim@example.com' }, password: 'secret123!' }),
    });
    expect(register.status).toBe(200);
    const owner = await createStaff(server.t, 'owner@harbor.example', 'owner');
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, owner.email, owner.password);
    await page.getByRole('link', { name: 'Mailbox' }).click();
    await page.getByLabel('Recipient').fill('mailbox-kim@example.com');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: /verification code/i }).click();
    await expect.poll(() => page.locator('pre.admin-mail-text').textContent()).toMatch(/\b\d{6}\b/);
    expect(await page.locator('iframe.admin-mail-html').getAttribute('sandbox')).toBe('');
    expect({ path: 'mailbox', violations: await seriousA11yViolations(page) }).toEqual({
      path: 'mailbox',
      violations: [],
    });
    await context.close();

    // A staff member has no Mailbox link, and the page itself is forbidden.
    const staffPage = await signedIn();
    expect(await staffPage.getByRole('link', { name: 'Mailbox' }).count()).toBe(0);
    const forbidden = await staffPage.goto(`${server.baseUrl}/admin/mailbox`);
    expect(forbidden?.status()).toBe(403);
    await staffPage.context().close();
  });

  it('has no serious or critical axe violations on the dashboard, products, product edit and orders', async () => {
    const page = await signedIn();
    const { orderId } = await placeOrder(server.t, productId, 'axe@example.com');
    for (const path of [
      '/admin/dashboard',
      '/admin/products',
      `/admin/products/${productId}`,
      '/admin/products/new',
      '/admin/orders',
      `/admin/orders/${orderId}`,
      '/admin/gift-cards',
      '/admin/login',
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
    }
    // The checker itself finds what it should: an input without a label is a critical violation.
    await page.evaluate(() =>
      document.querySelector('main')?.insertAdjacentHTML('beforeend', '<input type="text">'),
    );
    expect((await seriousA11yViolations(page)).join()).toContain('label (critical)');
    // A phone-sized screen: the navigation stays reachable (behind the Menu button) and nothing scrolls
    // sideways (admin-merchant-store.spec.ts checks every page).
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/admin/orders', `/admin/products/${productId}`, '/admin/dashboard']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await page.context().close();
  });
});
