import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../../../../packages/sdk/test/support/admin-store.js';
import type { TestProduct } from '../../../../packages/server/src/testing/ecom.js';
import type { FakeStripe } from '../../../../packages/server/src/testing/fake-stripe/index.js';
import { adminSuite, sidewaysOverflow, signIn } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import {
  addAndCheckOut,
  chooseDelivery,
  fillCheckoutDetails,
  type ShopServer,
  type StripeShop,
  startStripeShop,
} from './shop-fixture.js';

/*
 * Issue #37 item 3: the store currency and the card provider, set in the admin's "Currency & payments"
 * (ADR 050). The suite has a store of its own (adminSuite: its own database), so it starts as a fresh
 * store does, with no order yet: the currency changes and the shop prices in it; after the first sale
 * the currency is locked, and the page says why.
 */
describe.runIf(browserAvailable())('admin: store currency and card payments', () => {
  const suite = adminSuite({ env: { STORE_CURRENCY: 'USD' } });
  let product: { id: string; slug: string };

  beforeAll(async () => {
    const created = await suite.admin.products.create({
      name: 'Linen Apron',
      priceData: { price: 30 },
      visible: true,
    });
    product = { id: created.id, slug: created.slug as string };
  });

  const openPage = async (page: Page) => {
    await page.goto(`${suite.server.baseUrl}/admin/payments`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Currency & payments');
  };
  const shopPrice = async (page: Page) => {
    await page.goto(`${suite.server.baseUrl}/products/${product.slug}`);
    return (await page.locator('main').textContent()) ?? '';
  };

  it('changes the currency of a store that has not sold, and the shop prices in it', {
    timeout: 120_000,
  }, async () => {
    const page = await suite.signedIn();
    expect(await shopPrice(page)).toContain('$30.00');
    await page.goto(`${suite.server.baseUrl}/admin/dashboard`);
    await page.getByRole('link', { name: 'Currency & payments' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Currency & payments');
    const currency = page.getByLabel('Currency', { exact: true });
    expect(await currency.isDisabled()).toBe(false);
    expect(await currency.locator('option:checked').textContent()).toBe('US Dollar (USD)');
    // Only currencies with two decimal places are offered: yen prices would be 100 times off.
    expect(await currency.locator('option', { hasText: 'Japanese Yen' }).count()).toBe(0);
    // Stripe is explained, and unavailable without its keys, which the page names.
    const stripe = page.getByLabel('Stripe (real card payments)');
    expect(await stripe.isDisabled()).toBe(true);
    const stripeHint = await page.getByText('Stripe is not set up on this server').textContent();
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])
      expect(stripeHint).toContain(name);
    expect(await page.getByLabel('Sandbox (test cards, no money moves)').isChecked()).toBe(true);
    expect({ violations: await seriousA11yViolations(page) }).toEqual({ violations: [] });

    await currency.selectOption({ label: 'Euro (EUR)' });
    await page.getByRole('button', { name: 'Save currency' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('The store now sells in EUR.');
    expect(await page.getByLabel('Currency', { exact: true }).locator('option:checked').textContent()).toBe(
      'Euro (EUR)',
    );
    const text = await shopPrice(page);
    expect(text).toContain('€30.00');
    expect(text).not.toContain('$30.00');
    await page.context().close();
  });

  it('after the first sale, shows the currency locked and says why, on a phone too', {
    timeout: 120_000,
  }, async () => {
    await placeOrder(suite.server.t, product.id, 'first-buyer@example.com');
    const page = await suite.signedIn({ viewport: { width: 390, height: 844 } });
    await openPage(page);
    const currency = page.getByLabel('Currency', { exact: true });
    expect(await currency.isDisabled()).toBe(true);
    expect(await currency.locator('option:checked').textContent()).toBe('Euro (EUR)');
    const note = await page.locator('#currency-note').textContent();
    expect(note).toContain('The store has orders in EUR');
    expect(note).toContain('before the first order');
    // The reason is what the disabled list is described by, for screen readers too.
    expect(await currency.getAttribute('aria-describedby')).toContain('currency-note');
    expect(await page.getByRole('button', { name: 'Save currency' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect({ violations: await seriousA11yViolations(page) }).toEqual({ violations: [] });
    await page.context().close();
  });
});

// With Stripe's keys set (its API and script are the local fake): the owner switches card payments to
// the sandbox and back, and the shop's checkout offers only the chosen one's card form.
describe.runIf(browserAvailable())('admin: the card provider the checkout offers', () => {
  let suite: StripeShop;
  let stripe: FakeStripe;
  let shop: ShopServer;
  let browser: Browser;
  let cup: TestProduct;
  let staff: StripeShop['staff'];

  beforeAll(async () => {
    suite = await startStripeShop();
    ({ stripe, shop, browser, cup, staff } = suite);
  });
  afterAll(() => suite?.close());

  /** A shopper's checkout up to the payment step; returns the page. */
  async function toPayment(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${shop.baseUrl}/products/${cup.slug}`, { waitUntil: 'networkidle' });
    await addAndCheckOut(page);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await chooseDelivery(page);
    await expect.poll(() => page.getByLabel('Card number').count(), { timeout: 15_000 }).toBe(1);
    return page;
  }
  const choose = async (page: Page, label: RegExp, saved: string) => {
    await page.goto(`${shop.baseUrl}/admin/payments`);
    await page.getByLabel(label).check();
    await page.getByRole('button', { name: 'Save card payments' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(saved);
  };

  it('switched to the sandbox, the checkout takes test cards; switched back, Stripe', {
    timeout: 180_000,
  }, async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, shop.baseUrl, staff.email, staff.password);
    await admin.goto(`${shop.baseUrl}/admin/payments`);
    expect(await admin.getByLabel('Stripe (real card payments)').isChecked()).toBe(true);
    expect(await admin.getByLabel('Stripe (real card payments)').isDisabled()).toBe(false);
    await choose(admin, /^Sandbox/, 'Card payments now go to the sandbox: no money moves.');

    const sandbox = await toPayment();
    // The sandbox's own card fields, not Stripe's form.
    expect(await sandbox.getByLabel('Expiry (MM / YY)').count()).toBe(1);
    expect(await sandbox.getByLabel('Expiration date (MM / YY)').count()).toBe(0);
    await sandbox.getByLabel('Card number').fill('4242 4242 4242 4242');
    await sandbox.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await sandbox.getByLabel('Security code').fill('123');
    const intentsBefore = stripe.intents.size;
    await sandbox.getByRole('button', { name: /^Place order/ }).click();
    await sandbox.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    expect(stripe.intents.size).toBe(intentsBefore);
    await sandbox.context().close();

    await choose(admin, /^Stripe/, 'Card payments now go to Stripe.');
    const byStripe = await toPayment();
    expect(await byStripe.getByLabel('Expiration date (MM / YY)').count()).toBe(1);
    expect(await byStripe.getByLabel('Expiry (MM / YY)').count()).toBe(0);
    await byStripe.context().close();
    await admin.context().close();
  });
});
