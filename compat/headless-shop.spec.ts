import { checkout, currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { browserAvailable } from '../apps/storefront/tests/e2e/browser.js';
import { fillCheckoutDetails, fillSandboxCard } from '../apps/storefront/tests/e2e/shop-fixture.js';
import { createTestProduct } from '../packages/server/src/testing/ecom.js';
import { routeWixSdkTo } from '../packages/server/src/testing/wix-sdk.js';
import { type HeadlessShop, launchBrowser, type Store, startHeadlessShop, startStore } from './fixture.js';
import { navigations, signUpThroughApp as signUp } from './headless-shop.support.js';

// A storefront we did not write (compat/headless-shop: the public @wix/* SDK, its own origin and cookie)
// driven in Chromium through our hosted checkout, plan checkout and preferences pages and back. Signing
// its members in: headless-shop-login.spec.ts.

describe.runIf(browserAvailable())('a third-party headless app (public @wix/* SDK) in Chromium', () => {
  let store: Store;
  let shop: HeadlessShop;
  let browser: Browser;

  beforeAll(async () => {
    store = await startStore();
    [shop, browser] = await Promise.all([startHeadlessShop(store), launchBrowser()]);
  });
  beforeEach(() => {
    // The app's log says what the store answered when one of its pages crashed.
    onTestFailed(() => console.error(`headless-shop output:\n${shop?.output()}`));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await store?.t.close();
  });
  const signUpThroughApp = (page: Page, prefix?: string) => signUp({ store, shop }, page, prefix);

  const cartLink = (page: Page) =>
    page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: /^Cart/ });

  async function orderOf(orderId: string) {
    const reply = await store.t.app.inject({
      url: `/ecom/v1/orders/${orderId}`,
      headers: { authorization: store.ownerKey },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().order as {
      number: string;
      lineItems: { quantity: number; productName: { original: string } }[];
      paymentStatus: string;
    };
  }

  it('shops in the app, checks out on our hosted checkout, and comes back to the app’s thank-you page', async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const visited = navigations(page);

    await page.goto(`${shop.origin}/`);
    await page.getByRole('link', { name: 'Linen Tee' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Linen Tee');
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Color').selectOption('White');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${shop.origin}/cart`);
    const tee = page.getByRole('listitem', { name: 'Linen Tee' });
    expect(await tee.textContent()).toMatch(/Size: M, Color: White/);
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (1)');

    await tee.getByLabel('Quantity of Linen Tee').fill('2');
    await tee.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (2)');
    expect(await page.getByLabel('Quantity of Linen Tee').inputValue()).toBe('2');

    // A second product, added and removed again.
    await page.goto(`${shop.origin}/`);
    await page.getByRole('link', { name: 'Stoneware Mug' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${shop.origin}/cart`);
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (3)');
    await page
      .getByRole('listitem', { name: 'Stoneware Mug' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (2)');
    expect(await page.getByRole('listitem', { name: 'Stoneware Mug' }).count()).toBe(0);

    // Everything so far happened on the app's origin: the browser has never been to ours.
    expect(await context.cookies(store.base)).toEqual([]);
    expect((await context.cookies(shop.origin)).map((c) => c.name)).toContain('session');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.origin === store.base && url.pathname.startsWith('/checkout/'));
    // The one-time session token has been handed over: the page lives at a URL without it.
    expect(new URL(page.url()).searchParams.has('session'), page.url()).toBe(false);
    // Our hosted checkout shows the app visitor's cart: the same line and quantity.
    await expect.poll(() => page.locator('main').textContent()).toContain('Linen Tee');
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('2 × ');
    expect(main).not.toContain('Stoneware Mug');
    expect(await page.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
      `${shop.origin}/cart`,
    );

    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await page.getByRole('radio', { name: /Standard/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();

    await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/thank-you');
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    expect(orderId).not.toBe('');
    const order = await orderOf(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([['Linen Tee', 2]]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
    // The app read the order with @wix/ecom orders.getOrder as the visitor who bought it.
    expect(await page.locator('main').textContent()).toContain(`Your order number is ${order.number}.`);
    // The order used up the app visitor's cart.
    expect(await cartLink(page).textContent()).toBe('Cart (0)');
    await page.goto(`${shop.origin}/cart`);
    await expect.poll(() => page.getByText('Your cart is empty.').count()).toBe(1);
    expect(visited.some((url) => url.startsWith(`${store.base}/checkout/`))).toBe(true);
    await context.close();
  });
  it('buys a plan on our plan checkout as the app’s member, back on its thank-you; the membership pays at checkout', async () => {
    const mug = await createTestProduct(store.t.database.db, { name: 'Club Mug', priceMinor: 1800 });
    const created = await store.t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/membership-plans',
      headers: { authorization: store.ownerKey },
      payload: {
        membershipPlan: { name: 'Mug Club', price: '15.00', credits: 1, productIds: [mug.id] },
      },
    });
    const planId = created.json().membershipPlan.id as string;
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await signUpThroughApp(page, 'plans');

    await page.goto(`${shop.origin}/plans/checkout?planId=${planId}`);
    await page.waitForURL((url) => url.origin === store.base && url.pathname === `/plan-checkout/${planId}`);
    expect(new URL(page.url()).searchParams.has('session')).toBe(false);
    // The app's member was handed over: no sign-in step, straight to payment.
    await fillSandboxCard(page);
    await page.getByRole('button', { name: 'Buy Mug Club · $15.00' }).click();
    await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/plan-thank-you');
    const thanks = new URL(page.url());
    const orderId = thanks.searchParams.get('orderId') ?? '';
    expect(thanks.searchParams.get('planOrderId')).toBe(orderId);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome to the plan');
    // The app read the plan order with @wix/ecom orders.getOrder as its member.
    const order = await orderOf(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(await page.locator('main').textContent()).toContain(`order number ${order.number}`);

    // With the member's tokens from the app's cookie, the public SDK's checkout offers the membership.
    const session = (await context.cookies(shop.origin)).find((cookie) => cookie.name === 'session');
    const tokens = JSON.parse(decodeURIComponent(session?.value ?? '{}'));
    const restore = routeWixSdkTo(store.base);
    try {
      const wix = createClient({
        modules: { currentCart, checkout },
        auth: OAuthStrategy({ clientId: shop.clientId, tokens }),
      });
      await wix.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: mug.id },
            quantity: 1,
          },
        ],
      });
      const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
      const started = await wix.checkout.getCheckout(checkoutId as string);
      const eligible = started.membershipOptions?.eligibleMemberships ?? [];
      expect(eligible.map((membership) => membership.name?.original)).toEqual(['Mug Club']);
    } finally {
      restore();
    }
    await context.close();
  });

  it('sets preferences on our hosted page and the app reads them back over the API', async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${shop.origin}/preferences`);
    expect(await page.locator('main').textContent()).toContain('Marketing e-mails: off');
    await page.getByRole('link', { name: 'Change them' }).click();
    await page.waitForURL((url) => url.origin === store.base && url.pathname === '/preferences');
    await page.getByLabel('News and offers by e-mail').check();
    await page.getByLabel('Marketing cookies').check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.waitForURL(`${shop.origin}/preferences`);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('Marketing e-mails: on');
    expect(main).toContain('Analytics cookies: off');
    expect(main).toContain('Marketing cookies: on');
    await context.close();
  });
});
