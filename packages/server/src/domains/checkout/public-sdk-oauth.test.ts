import { checkout, currentCart } from '@wix/ecom';
import { createClient as createWixClient, OAuthStrategy } from '@wix/sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import {
  createClient,
  mailboxCode,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  uniqueEmail,
} from '../../testing/identity.js';
import { merchantKey, type TestApp } from '../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { STORES_APP_ID } from '../pricing/lines/line.types.js';

// The public client exactly as a storefront uses it: OAuthStrategy visitor tokens (its module calls go to
// edge.wixapis.com), then sign-up and login, which merges the visitor's cart into the member's.
let restoreFetch: () => void = () => {};

let t: TestApp;
let base: string;
let clientId: string;
let mug: TestProduct;
let lamp: TestProduct;

beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 10 },
  });
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 });
  ({ clientId } = await createClient(t, await merchantKey(t.database)));
  restoreFetch = routeWixSdkTo(base);
});

afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const item = (productId: string, quantity: number) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId: productId },
  quantity,
});

describe('@wix/ecom with OAuthStrategy tokens', () => {
  it('a new visitor has no cart: getCurrentCart throws the 404 OWNED_CART_NOT_FOUND apps catch', async () => {
    const auth = OAuthStrategy({ clientId });
    const wix = createWixClient({ auth, modules: { currentCart } });
    auth.setTokens(await auth.generateVisitorTokens());
    const error = await wix.currentCart.getCurrentCart().then(
      (cart) => expect.fail(`expected no cart, got ${JSON.stringify(cart)}`),
      (thrown: unknown) =>
        thrown as { status: number; message: string; details: unknown; requestId: unknown },
    );
    // Each of the ways apps written against the platform recognise "no cart yet" (wire-protocol.md §8.1).
    expect(error.status).toBe(404);
    expect(error.details).toMatchObject({
      applicationError: { code: 'OWNED_CART_NOT_FOUND', description: expect.any(String) },
    });
    expect(error.message).toContain('OWNED_CART_NOT_FOUND');
    expect(error.message).toContain('Cart not found');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // And the first add creates the cart that the same call then returns.
    await wix.currentCart.addToCurrentCart({ lineItems: [item(mug.id, 1)] });
    expect((await wix.currentCart.getCurrentCart()).lineItems?.map((line) => line.quantity)).toEqual([1]);
  });

  it('a visitor orders; after signing up and logging in, the visitor cart is the member cart', async () => {
    const auth = OAuthStrategy({ clientId });
    const wix = createWixClient({ auth, modules: { currentCart, checkout } });
    const visitor = await auth.generateVisitorTokens();
    auth.setTokens(visitor);
    const visitorId = decodeJwt(visitor.accessToken.value).vid as string;

    await wix.currentCart.addToCurrentCart({ lineItems: [item(mug.id, 1)] });
    const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const ready = await wix.checkout.updateCheckout(checkoutId as string, {
      buyerInfo: { email: 'oauth-visitor@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-CA', city: 'San Francisco', postalCode: '94103' },
        },
        selectedCarrierServiceOption: { code: 'std' },
      },
    });
    // 12.50 + 5.00 (US standard) + California 7.25 % of 12.50 = 0.91 (0.90625), shipping untaxed = 18.41.
    expect(ready.priceSummary?.total?.amount).toBe('18.41');
    expect(ready.buyerInfo?.visitorId).toBe(visitorId);
    const { orderId } = await wix.checkout.createOrder(checkoutId as string, {});
    const order = await t.app.inject({
      url: `/ecom/v1/orders/${orderId}`,
      headers: { authorization: visitor.accessToken.value },
    });
    expect(order.json().order).toMatchObject({
      buyerInfo: { visitorId },
      priceSummary: { total: { amount: '18.41' } },
    });

    // A new cart as the same visitor, then sign-up and login through the client.
    await wix.currentCart.addToCurrentCart({ lineItems: [item(lamp.id, 2)] });
    const email = uniqueEmail('buyer');
    const password = 'correct horse 1';
    const registered = await auth.register({ email, password });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(
      (await auth.processVerification({ verificationCode: await mailboxCode(t, email) })).loginState,
    ).toBe('SUCCESS');
    const loggedIn = await auth.login({ email, password });
    const sessionToken = (loggedIn as unknown as { data: { sessionToken: string } }).data.sessionToken;
    const oauthData = auth.generateOAuthData(SHOP_CALLBACK, `${SHOP_ORIGIN}/account`);
    const { authUrl } = await auth.getAuthUrl(oauthData, { prompt: 'none', sessionToken } as Parameters<
      typeof auth.getAuthUrl
    >[1]);
    const page = await fetch(authUrl, { redirect: 'manual' });
    const { code, state } = auth.parseFromUrl(page.headers.get('location') as string);
    const member = await auth.getMemberTokens(code as string, state as string, oauthData);
    auth.setTokens(member);
    const memberId = decodeJwt(member.accessToken.value).mid as string;

    const cart = await wix.currentCart.getCurrentCart();
    expect(cart?.buyerInfo?.memberId).toBe(memberId);
    expect(cart?.lineItems?.map((line) => [line.productName?.original, line.quantity])).toEqual([
      ['Lamp', 2],
    ]);
    // The visitor's own orders stay the visitor's; the member starts with none.
    const mine = await t.app.inject({
      url: `/ecom/v1/orders/${orderId}`,
      headers: { authorization: member.accessToken.value },
    });
    expect(mine.statusCode).toBe(404);
  });
});
