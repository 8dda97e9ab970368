import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createStaff } from '../../../../packages/sdk/test/support/admin-store.js';
import { ensureDemoStoreSetup } from '../../../../packages/server/src/domains/store-setup/demo/demo-setup.service.js';
import { createTestProduct, type TestProduct } from '../../../../packages/server/src/testing/ecom.js';
import {
  type FakeStripe,
  startFakeStripe,
} from '../../../../packages/server/src/testing/fake-stripe/index.js';
import {
  createTestApp,
  merchantKey,
  type TestApp,
  withDemoCatalog,
} from '../../../../packages/server/src/testing/index.js';
import { launchBrowser } from './browser.js';

export interface ShopServer {
  t: TestApp;
  baseUrl: string;
  /** The demo gift card (worth 50.00), whose code the set-up shows once. */
  giftCardCode: string;
}

/**
 * A listening app with the storefront, the demo catalog and the demo store set-up (shipping, tax, coupons).
 * `port` 0 picks any; a suite whose pages must load media from PUBLIC_URL passes the port it names there.
 */
export async function startShop(env: Record<string, string> = {}, port = 0): Promise<ShopServer> {
  const t = await createTestApp({ storefront: true, env: { STORE_NAME: 'Harbor & Pine', ...env } });
  await withDemoCatalog(t);
  const setup = await ensureDemoStoreSetup(t.database.db, t.config.storeCurrency);
  const baseUrl = await t.app.listen({ port, host: '127.0.0.1' });
  return { t, baseUrl, giftCardCode: setup?.giftCardCode ?? '' };
}

export interface StripeShop {
  stripe: FakeStripe;
  shop: ShopServer;
  browser: Browser;
  /** An Enamel Cup at 18.00 to buy. */
  cup: TestProduct;
  /** The owner's admin login. */
  staff: { email: string; password: string };
  close(): Promise<void>;
}

/**
 * A shop whose card payments go to the local fake of Stripe (its API and Stripe.js; webhooks delivered
 * to the shop at once), with a product to buy, the owner's login and a browser.
 */
export async function startStripeShop(): Promise<StripeShop> {
  const stripe = await startFakeStripe({ autoDeliver: true });
  const shop = await startShop(stripe.env);
  stripe.setWebhookUrl(`${shop.baseUrl}/payments/v1/stripe/webhook`, true);
  const cup = await createTestProduct(shop.t.database.db, { name: 'Enamel Cup', priceMinor: 1800 });
  const staff = await createStaff(shop.t, 'owner@harbor.example', 'owner');
  const browser = await launchBrowser();
  return {
    stripe,
    shop,
    browser,
    cup,
    staff,
    async close() {
      await browser.close();
      await shop.t.close();
      await stripe.close();
    },
  };
}

/** A merchant API call to the shop (the owner's key), expected to answer 200; its JSON. */
export async function merchantCall(shop: ShopServer, method: 'GET' | 'POST', url: string, payload?: object) {
  const reply = await shop.t.app.inject({
    method,
    url,
    headers: { authorization: await merchantKey(shop.t.database) },
    ...(payload ? { payload } : {}),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** Delivers the outbox's events (e-mails, webhooks), including those the first round's consumers add. */
export async function deliverEvents(shop: Pick<ShopServer, 't'>): Promise<void> {
  for (let round = 0; round < 3; round++) await shop.t.app.dispatcher.runOnce();
}

/** Adds what the product page shows to the cart, then goes to the checkout from the cart drawer it opens. */
export async function addAndCheckOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect.poll(() => drawer.isVisible()).toBe(true);
  await drawer.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout\//);
}

/** The shopper's steps through the hosted checkout form: contact and a New York address. */
export async function fillCheckoutDetails(page: Page): Promise<void> {
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('First name').first().fill('Ada');
  await page.getByLabel('Last name').first().fill('Lovelace');
  // The country first: the address parts below it are that country's (an American ZIP code and state).
  await page.getByLabel('Country').first().selectOption('US');
  await page.getByLabel('Street address').first().fill('1 Main St');
  await page.getByLabel('City').first().fill('New York');
  await page.getByLabel('State').first().selectOption('NY');
  await page.getByLabel('ZIP code').first().fill('10001');
}

/**
 * Picks a delivery option on the hosted checkout and waits until the page shows its price in the summary
 * and "Place order" can be pressed again. A new amount brings a new PaymentIntent and a new Stripe Payment
 * Element: typing a card before then would type it into the element about to be replaced (the page's
 * `networkidle` load state was reached long before, so waiting for it does not wait for this).
 */
export async function chooseDelivery(page: Page, option: RegExp = /Standard/): Promise<void> {
  const radio = page.getByRole('radio', { name: option });
  await expect.poll(() => radio.count()).toBe(1);
  const price = /\$\d+\.\d{2}|Free/.exec(
    (await radio.locator('xpath=ancestor::label[1]').textContent()) ?? '',
  )?.[0];
  await radio.check();
  const shipping = page
    .locator('dl.summary > div', { has: page.locator('dt', { hasText: 'Shipping' }) })
    .locator('dd')
    .first();
  if (price)
    await expect
      .poll(() => shipping.textContent(), { timeout: 15_000 })
      .toBe(price === 'Free' ? '$0.00' : price);
  await expect
    .poll(() => page.getByRole('button', { name: /^Place order/ }).isEnabled(), { timeout: 15_000 })
    .toBe(true);
}

export async function fillSandboxCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

/** The two screens every shopper-facing suite checks: a laptop and a phone (iPhone 12–15 size). */
export const DEVICES = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/** Puts one unit of a product in the cart from its page (first available choice of each option). */
export async function addToCartFromPage(page: Page, baseUrl: string, slug: string): Promise<void> {
  await page.goto(`${baseUrl}/products/${slug}`, { waitUntil: 'networkidle' });
  const groups = page.locator('fieldset.option-picker');
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check({ force: true });
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

/** Whether an element's box is inside the window as it is scrolled now (at least partly). */
export async function inViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return Boolean(box && box.y + box.height > 0 && box.y < height);
}

/** A suite's shop and Chromium, started before its tests and closed after them (call it in a describe). */
export function shopAndBrowser(): { readonly shop: ShopServer; readonly browser: Browser } {
  const suite = {} as { shop: ShopServer; browser: Browser };
  beforeAll(async () => {
    suite.shop = await startShop();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.shop?.t.close();
  });
  return suite;
}
