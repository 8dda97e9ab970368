import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMediaFile } from '../../../../packages/server/src/domains/media/media.service.js';
import { mediaStorageFor } from '../../../../packages/server/src/domains/media/media-storage.adapter.js';
import { SANDBOX_CARDS } from '../../../../packages/server/src/domains/payments/providers/sandbox-card.provider.js';
import { createTestProduct, lineItem, setUpTestStore } from '../../../../packages/server/src/testing/ecom.js';
import {
  createTestApp,
  memberToken,
  merchantKey,
  type TestApp,
} from '../../../../packages/server/src/testing/index.js';
import { PASSWORD, signUp, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('member account in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let page: Page;
  let orderId: string;

  /** Places an order as the member through the API: a mug, a digital guide and a coffee subscription. */
  async function placeOrderAs(memberId: string): Promise<{ orderId: string; number: string }> {
    const db = t.database.db;
    await setUpTestStore(db);
    const mug = await createTestProduct(db, { name: 'Stoneware mug', priceMinor: 1250 });
    const file = await saveMediaFile(db, mediaStorageFor(t.config), {
      fileName: 'brew-guide.pdf',
      data: Buffer.from('%PDF-1.4 the guide'),
      visibility: 'private',
    });
    const guide = await createTestProduct(db, {
      name: 'Brewing guide',
      priceMinor: 500,
      productType: 'digital',
      digitalFiles: [{ id: file.id, fileName: 'brew-guide.pdf', fileType: 'SECURE_DOCUMENT' }],
    });
    const coffee = await createTestProduct(db, {
      name: 'Coffee beans',
      priceMinor: 1800,
      subscriptionOptions: {
        oneTimePurchase: true,
        subscriptions: [
          {
            id: 'monthly',
            title: 'Coffee every month',
            visible: true,
            frequency: 'MONTH',
            interval: 1,
            billingCycles: 6,
            discount: { type: 'PERCENT', value: 0 },
          },
        ],
      },
    });
    const token = memberToken(memberId);
    const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const reply = await t.app.inject({ method, url, headers: { authorization: token }, payload });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };
    await send('POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [
        lineItem(mug.id, 2),
        lineItem(guide.id, 1),
        lineItem(coffee.id, 1, { subscriptionOptionId: 'monthly' }),
      ],
    });
    const { checkoutId } = await send('POST', '/ecom/v1/carts/current/create-checkout', {});
    await send('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: {
        buyerInfo: { email: 'grace@example.com' },
        shippingInfo: {
          shippingDestination: {
            address: {
              country: 'US',
              subdivision: 'US-NY',
              city: 'New York',
              postalCode: '10001',
              addressLine: '1 Main St',
            },
            contactDetails: { firstName: 'Grace', lastName: 'Hopper' },
          },
        },
      },
    });
    const placed = await send('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: {
        type: 'SANDBOX_CARD',
        card: { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2030, cvc: '123' },
      },
    });
    const order = await t.app.inject({
      url: `/ecom/v1/orders/${placed.orderId}`,
      headers: { authorization: token },
    });
    return { orderId: placed.orderId, number: order.json().order.number };
  }

  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sends anonymous visitors to log in, and back to the page they asked for', async () => {
    const response = await page.goto(`${baseUrl}/account/subscriptions`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl}/login?returnTo=%2Faccount%2Fsubscriptions`);
  });

  it('lists the member’s order, and its detail has status, lines, totals and download links', async () => {
    const email = uniqueEmail('grace');
    await signUp(page, t, baseUrl, email, 'Grace');
    const placed = await placeOrderAs(await memberIdOf(email));
    orderId = placed.orderId;

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(`${baseUrl}/account/orders`);
    const card = page.getByRole('link', { name: new RegExp(`Order #${placed.number}`) });
    await expect.poll(() => card.textContent()).toContain('4 items');
    await card.click();
    await page.waitForURL(`${baseUrl}/account/orders/${orderId}`);
    await expect.poll(() => page.locator('main h2').first().textContent()).toBe(`Order #${placed.number}`);
    const lines = page.locator('.order-lines tbody tr');
    expect(await lines.count()).toBe(3);
    expect(await page.locator('.order-lines').textContent()).toContain('Stoneware mug');
    expect(await page.locator('.facts').textContent()).toContain('Paid');
    expect(await page.locator('.totals-total').textContent()).toMatch(/Total\$\d+\.\d\d/);
    // How it was paid, as the admin's order page says: the card by brand and last digits, amount, status.
    expect(await page.locator('.order-payments li').allTextContents()).toEqual([
      expect.stringMatching(/^\$\d+\.\d\d by Visa ••••4242 Paid, /),
    ]);
    const download = page.getByRole('link', { name: 'Download file' });
    const href = (await download.getAttribute('href')) ?? '';
    // Links are absolute on PUBLIC_URL; this test server listens elsewhere, so fetch the same path here.
    const link = new URL(href);
    expect(link.pathname).toMatch(new RegExp(`^/ecom/v1/downloads/${orderId}/`));
    const file = await page.evaluate(async (path) => (await fetch(path)).text(), link.pathname + link.search);
    expect(file).toBe('%PDF-1.4 the guide');
  });

  it('shows the subscription with its schedule', async () => {
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.waitForURL(`${baseUrl}/account/subscriptions`);
    const card = page.locator('.subscription-card');
    await expect.poll(() => card.textContent()).toContain('Coffee every month');
    expect(await card.textContent()).toContain('every month, 6 payments');
    expect(await card.textContent()).toContain('Active');
  });

  it('edits the profile and keeps an address book', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await page.getByLabel('Phone').fill('not a phone');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.locator('#field-phone-error').textContent()).toContain('phone number');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Phone').fill('+1 555 010 1234');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hello, Grace Hopper');

    await page.getByRole('link', { name: 'Addresses' }).click();
    await page.waitForURL(`${baseUrl}/account/addresses`);
    // The address book's countries and forms are the checkout's (this store ships to the United States).
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Street address').fill('350 Fifth Avenue');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('ZIP code').fill('1000');
    await page.getByRole('button', { name: 'Save address' }).click();
    // A ZIP code is checked against the country's format, and named as the field is.
    await expect
      .poll(() => page.locator('[id="field-postalCode-error"]').textContent())
      .toContain('“1000” is not a ZIP code in United States.');
    await page.getByLabel('ZIP code').fill('10118');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.locator('.address-card').textContent()).toContain('350 Fifth Avenue');
    // Printed the American way: town, state and ZIP code on one line, then the country.
    expect(await page.locator('.address-card address span').allTextContents()).toEqual([
      '350 Fifth Avenue',
      'New York, NY 10118',
      'United States of America',
    ]);
    await page.getByRole('button', { name: /Remove 350 Fifth Avenue/ }).click();
    await expect.poll(() => page.locator('.address-card').count()).toBe(0);
  });

  it('changes the password and keeps this device signed in', async () => {
    await page.getByRole('link', { name: 'Password' }).click();
    await page.waitForURL(`${baseUrl}/account/password`);
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('hopper-compiler-1952');
    await page.getByLabel('Repeat the new password').fill('hopper-compiler-1952');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${baseUrl}/account/password?changed=1`);
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Your password is changed');
    await page.goto(`${baseUrl}/account/orders`);
    expect(page.url()).toBe(`${baseUrl}/account/orders`);
  });

  it('has no serious or critical accessibility violations on the account pages', async () => {
    for (const path of ['/account', '/account/orders', `/account/orders/${orderId}`, '/account/addresses']) {
      await page.goto(`${baseUrl}${path}`);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
  });

  it('a visitor’s cart joins the new account at sign-up', async () => {
    const tote = await createTestProduct(t.database.db, { name: 'Linen tote', priceMinor: 2400 });
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${baseUrl}/products/${tote.slug}`);
    // Wait for the add itself: leaving the page at once would cancel it.
    const added = visitor.waitForResponse((response) => response.request().method() === 'POST');
    await visitor.getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).status()).toBe(200);
    await visitor.goto(`${baseUrl}/cart`);
    await expect.poll(() => visitor.locator('main').textContent()).toContain('Linen tote');
    await signUp(visitor, t, baseUrl, uniqueEmail('tote'), 'Toni');
    // Signed in now (member tokens in the cookie), and the cart is still there: it became the member's.
    await visitor.goto(`${baseUrl}/cart`);
    await expect.poll(() => visitor.locator('main').textContent()).toContain('Linen tote');
    await visitor.goto(`${baseUrl}/account`);
    expect(visitor.url()).toBe(`${baseUrl}/account`);
    await context.close();
  });

  /** The member's id, as the owner sees it in the members list. */
  async function memberIdOf(email: string): Promise<string> {
    const reply = await t.app.inject({
      url: '/admin-api/v1/members?limit=100',
      headers: { authorization: await merchantKey(t.database) },
    });
    const member = reply
      .json()
      .members.find((m: { email: { address: string } }) => m.email.address === email);
    if (!member) throw new Error(`no member ${email}`);
    return member.id;
  }
});
