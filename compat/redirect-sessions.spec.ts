import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './fixture.js';
import {
  APP,
  type AppClient,
  CALLBACKS,
  open,
  type RedirectStore,
  STORES_APP_ID,
  said,
  startRedirectStore,
} from './redirect-sessions.support.js';

// Every redirect kind the store serves for shopping, created the way a third-party app creates it (the
// public @wix/redirects client with an OAuthStrategy visitor) and opened the way a browser that has never
// seen our origin opens it (redirect-sessions.support.ts). Sign-in and members: redirect-sessions-members.spec.ts.
describe('redirect sessions of the public @wix/redirects client, opened without our cookies', () => {
  let r: RedirectStore;
  let store: Store;
  let mugId: string;
  const visitor = () => r.visitor();
  const checkoutWithMug = (wix: AppClient) => r.checkoutWithMug(wix);
  const handOver = (fullUrl: string, path: string | RegExp) => r.handOver(fullUrl, path);
  beforeAll(async () => {
    r = await startRedirectStore();
    ({ store, mugId } = r);
  });
  afterAll(() => r?.close());

  it('ecomCheckout: one hand-over to the visitor’s checkout, then the spent link names no lines', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: CALLBACKS,
    });
    const fullUrl = redirectSession?.fullUrl as string;
    expect(fullUrl.startsWith(`${store.base}/checkout/`)).toBe(true);
    const page = await handOver(fullUrl, /^\/checkout\//);
    expect(page.body).toContain('Stoneware Mug');

    // The same link again, from a browser without the cookie: gone, and it leads back to the app.
    const again = await open(fullUrl);
    expect(again.status, said(again)).toBe(410);
    expect(again.contentType).toMatch(/^text\/html/);
    expect(again.body).not.toContain('Stoneware Mug');
    expect(again.body).toMatch(/href="https:\/\/headless-shop\.test\/(cart)?"/);
  });

  it('ecomCheckout: checkout.getCheckoutUrl gives the same hand-over', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const { checkoutUrl } = await wix.checkout.getCheckoutUrl(checkoutId);
    expect(checkoutUrl?.startsWith(`${store.base}/checkout/`), checkoutUrl).toBe(true);
    const page = await handOver(checkoutUrl as string, /^\/checkout\//);
    expect(page.body).toContain('Stoneware Mug');
  });

  it('ecomCheckout: a session that never existed is a 404 page that leads to the store', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: CALLBACKS,
    });
    const forged = new URL(redirectSession?.fullUrl as string);
    forged.searchParams.set('session', `osrs_${randomUUID().replace(/-/g, '')}`);
    const reply = await open(forged.href);
    expect(reply.status, said(reply)).toBe(404);
    expect(reply.contentType).toMatch(/^text\/html/);
    expect(reply.body).not.toContain('Stoneware Mug');
    expect(reply.body).toContain(`href="/"`);
  });

  it('ecomCheckout: a checkout that does not exist is refused with 404 when the session is created', async () => {
    const wix = await visitor();
    await expect(
      wix.redirects.createRedirectSession({
        ecomCheckout: { checkoutId: randomUUID() },
        callbacks: CALLBACKS,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('storesProduct: the hand-over, then the product page', async () => {
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      storesProduct: { productSlug: 'linen-tee' },
      callbacks: { postFlowUrl: CALLBACKS.postFlowUrl },
    });
    const page = await handOver(redirectSession?.fullUrl as string, '/products/linen-tee');
    expect(page.body).toContain('Linen Tee');
  });

  it('paidPlansCheckout: the hand-over, then the plan checkout, which asks a visitor to sign in first', async () => {
    const created = await store.t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/membership-plans',
      headers: { authorization: store.ownerKey },
      payload: { membershipPlan: { name: 'Compat Club', price: '8.00', perks: ['A mug a month'] } },
    });
    const planId = created.json().membershipPlan.id as string;
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      paidPlansCheckout: { planId },
      callbacks: { ...CALLBACKS, planListUrl: `${APP}/plans` },
    });
    const page = await handOver(redirectSession?.fullUrl as string, `/plan-checkout/${planId}`);
    expect(page.body).toContain('Compat Club');
    expect(page.body).toContain('Sign in to continue');
    // A used link leads back to the app's plan list.
    const again = await open(redirectSession?.fullUrl as string);
    expect(again.status, said(again)).toBe(410);
    expect(again.body).toContain('href="https://headless-shop.test/plans"');
    await expect(
      wix.redirects.createRedirectSession({
        paidPlansCheckout: { planId: randomUUID() },
        callbacks: CALLBACKS,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('callbacks: the session’s URL is the app’s own postFlowUrl', async () => {
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      callbacks: { postFlowUrl: `${APP}/after?x=1` },
    });
    expect(redirectSession?.fullUrl).toBe(`${APP}/after?x=1`);
  });

  it('a kind the store does not serve is a 400, never a session of another kind', async () => {
    const wix = await visitor();
    for (const kind of ['bookingsCheckout', 'eventsCheckout', 'bookingsBook'] as const) {
      await expect(
        wix.redirects.createRedirectSession({ [kind]: {}, callbacks: CALLBACKS }),
        kind,
      ).rejects.toMatchObject({ status: 400 });
    }
    // A kind the public client does not know either, sent as raw JSON next to valid callbacks.
    const reply = await fetch(`${store.base}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: wix.auth.getTokens().accessToken.value },
      body: JSON.stringify({ membersAccount: { section: 'ORDERS' }, callbacks: CALLBACKS }),
    });
    const text = await reply.text();
    expect(reply.status, text).toBe(400);
    expect(text).not.toContain('redirectSession');
  });

  it('a visitor’s order empties its cart, and it reads the order with @wix/ecom orders.getOrder', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const address = {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      postalCode: '10001',
      addressLine1: '1 Main St',
    };
    const withAddress = await wix.checkout.updateCheckout(checkoutId, {
      buyerInfo: { email: 'compat-visitor@example.com' },
      shippingInfo: { shippingDestination: { address, contactDetails: { firstName: 'Ada', lastName: 'L' } } },
      billingInfo: { address, contactDetails: { firstName: 'Ada', lastName: 'L' } },
    });
    const code = withAddress.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions?.[0]?.code as string;
    await wix.checkout.updateCheckout(checkoutId, {
      shippingInfo: { selectedCarrierServiceOption: { code } },
    });
    const { orderId } = await wix.checkout.createOrder(checkoutId, {});
    // The order used up the cart it came from: the app's header shows no cart again.
    await expect(wix.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
    const order = await wix.orders.getOrder(orderId as string);
    expect(order._id).toBe(orderId);
    expect(order.number).toMatch(/^\d+$/);
    expect(order.lineItems?.map((l) => [l.productName?.original, l.quantity])).toEqual([
      ['Stoneware Mug', 2],
    ]);
  });

  it('a module the store does not offer (recommendations) answers a JSON 404 the app can handle', async () => {
    const wix = await visitor();
    const error = await wix.recommendations
      .getRecommendation([{ _id: randomUUID(), appId: STORES_APP_ID }], {
        items: [{ appId: STORES_APP_ID, catalogItemId: mugId }],
      })
      .then(
        () => undefined,
        (e: unknown) => e as { status?: number; details?: { applicationError?: { code?: unknown } } },
      );
    expect(error?.status).toBe(404);
    expect(error?.details?.applicationError?.code).toBeTypeOf('string');
  });
});
