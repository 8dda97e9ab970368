import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { browserAvailable } from '../apps/storefront/tests/e2e/browser.js';
import { fillCheckoutDetails, fillSandboxCard } from '../apps/storefront/tests/e2e/shop-fixture.js';
import { createTestProduct } from '../packages/server/src/testing/ecom.js';
import { type HeadlessShop, launchBrowser, type Store, startBrowserShop, startStore } from './fixture.js';
import { signUpThroughApp } from './headless-shop.support.js';

// compat/browser-shop: every call to the store runs in the page, from another origin, with the public
// @wix/stores, @wix/ecom, @wix/redirects, @wix/members and @wix/pricing-plans unchanged — as Wix's headless
// templates are written. A fresh browser context per journey, no cookie of ours.
const CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

describe.runIf(browserAvailable())(
  'a browser-side third-party app (public @wix/* SDK in the page) in Chromium',
  () => {
    let store: Store;
    let shop: HeadlessShop;
    let browser: Browser;

    beforeAll(async () => {
      store = await startStore();
      await createTestProduct(store.t.database.db, { name: 'Beeswax Candle', priceMinor: 900 });
      [shop, browser] = await Promise.all([startBrowserShop(store), launchBrowser()]);
    });
    beforeEach(() => onTestFailed(() => console.error(`browser-shop output:\n${shop?.output()}`)));
    afterAll(async () => {
      await browser?.close();
      await shop?.stop();
      await store?.t.close();
    });

    /** Opens a page of the app and waits for its script to finish (or to show what went wrong). */
    async function open(page: Page, path: string) {
      await page.goto(`${shop.origin}${path}`);
      await ready(page);
    }
    async function ready(page: Page) {
      await page.waitForFunction('document.body.dataset.ready !== undefined');
      const state = await page.locator('body').getAttribute('data-ready');
      if (state !== 'true') throw new Error(`the app failed: ${await page.locator('main').textContent()}`);
    }
    const line = (page: Page, name: string) => page.getByRole('listitem', { name });

    it('adds with both Stores app ids, changes and clears the cart, pays on our hosted checkout, and comes back', async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();

      await open(page, '/');
      await line(page, 'Stoneware Mug').getByRole('button', { name: 'Add with the Stores app id' }).click();
      await page.waitForURL(`${shop.origin}/cart`);
      await ready(page);
      expect(await line(page, 'Stoneware Mug').textContent()).toContain(`app id ${STORES_APP_ID}`);
      await open(page, '/');
      await line(page, 'Beeswax Candle').getByRole('button', { name: 'Add with the catalog id' }).click();
      await page.waitForURL(`${shop.origin}/cart`);
      await ready(page);
      expect(await line(page, 'Beeswax Candle').textContent()).toContain(`app id ${CATALOG_APP_ID}`);

      await line(page, 'Stoneware Mug').getByLabel('Quantity of Stoneware Mug').fill('3');
      await line(page, 'Stoneware Mug').getByRole('button', { name: 'Update' }).click();
      await expect.poll(() => page.getByLabel('Quantity of Stoneware Mug').inputValue()).toBe('3');
      await line(page, 'Beeswax Candle').getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => line(page, 'Beeswax Candle').count()).toBe(0);
      await page.getByRole('button', { name: 'Clear cart' }).click();
      await expect.poll(() => page.getByText('Your cart is empty.').count()).toBe(1);

      await open(page, '/');
      await line(page, 'Beeswax Candle').getByRole('button', { name: 'Add with the Stores app id' }).click();
      await page.waitForURL(`${shop.origin}/cart`);
      await ready(page);
      // All of it from the app's origin: the browser has not been to ours, and holds only the app's cookie.
      expect(await context.cookies(store.base)).toEqual([]);
      expect((await context.cookies(shop.origin)).map((cookie) => cookie.name)).toEqual(['bs_tokens']);

      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL((url) => url.origin === store.base && url.pathname.startsWith('/checkout/'));
      await expect.poll(() => page.locator('main').textContent()).toContain('Beeswax Candle');
      await fillCheckoutDetails(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
      await page.getByRole('radio', { name: /Standard/ }).check();
      await page.waitForLoadState('networkidle');
      await fillSandboxCard(page);
      await page.getByRole('button', { name: /^Place order/ }).click();

      await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/thank-you');
      await ready(page);
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
      expect(await page.locator('output').textContent()).toBe(orderId);
      const order = (
        await store.t.app.inject({
          url: `/ecom/v1/orders/${orderId}`,
          headers: { authorization: store.ownerKey },
        })
      ).json().order;
      expect(order.paymentStatus).toBe('PAID');
      expect(order.lineItems).toMatchObject([
        { productName: { original: 'Beeswax Candle' }, catalogReference: { appId: STORES_APP_ID } },
      ]);
      await context.close();
    });

    it('signs in through our hosted login, greets the member, buys a public plan, lists the plan order, logs out', async () => {
      const created = await store.t.app.inject({
        method: 'POST',
        url: '/admin-api/v1/membership-plans',
        headers: { authorization: store.ownerKey },
        payload: { membershipPlan: { name: 'Candle Club', price: '12.00', productIds: [] } },
      });
      expect(created.statusCode, created.body).toBe(200);
      const context = await browser.newContext();
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();

      await signUpThroughApp({ store, shop }, page, 'browser-shop');
      await ready(page);
      // members.getCurrentMember, in the page, with the member's tokens from the app's cookie.
      expect(await page.locator('#who').textContent()).toContain('Signed in as Ada');

      await open(page, '/plans');
      await line(page, 'Candle Club').getByRole('button', { name: 'Buy Candle Club' }).click();
      await page.waitForURL((url) => url.origin === store.base && url.pathname.startsWith('/plan-checkout/'));
      await fillSandboxCard(page);
      await page.getByRole('button', { name: 'Buy Candle Club · $12.00' }).click();
      await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/my-plans');
      await ready(page);
      // orders.memberListOrders, in the page.
      expect(await line(page, 'Candle Club').textContent()).toBe('Candle Club: ACTIVE');

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${shop.origin}/`);
      await ready(page);
      expect(await page.locator('#who').textContent()).toBe('Log in');
      await context.close();
    });
  },
);
