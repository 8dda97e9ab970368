import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProduct } from '../../server/src/testing/ecom.js';
import { cookieStorage, documentCookie, requestCookie } from '../src/auth/cookie-storage.js';
import { createClient, type OpenshelfClient } from '../src/client.js';
import { ApplicationError, ValidationError } from '../src/errors.js';
import { recordingFetch, type SdkServer, SHOP_ORIGIN, seedStore, startServer } from './harness.js';

let server: SdkServer;
let products: TestProduct[];

beforeAll(async () => {
  server = await startServer();
  products = await seedStore(server);
});
afterAll(() => server.close());

const line = (product: TestProduct, quantity = 1) => ({
  catalogReference: { catalogItemId: product.id, options: { variantId: product.variantIds[0] } },
  quantity,
});

const newVisitor = (): OpenshelfClient =>
  createClient({ baseUrl: server.baseUrl, clientId: server.clientId });

describe('visitor tokens', () => {
  it('mints one visitor for ten parallel first calls', async () => {
    const recorder = recordingFetch();
    const client = createClient({
      baseUrl: server.baseUrl,
      clientId: server.clientId,
      fetch: recorder.fetch,
    });
    const carts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i === 0
          ? client.currentCart.addToCart({ lineItems: [line(products[0]!)] })
          : client.currentCart.get(),
      ),
    );
    expect(recorder.calls.filter((c) => c.path === '/oauth2/token')).toHaveLength(1);
    expect(carts.length).toBe(10);
    // Everyone was the same visitor: the cart the first call created is the cart every later read sees.
    const cart = await client.currentCart.get();
    expect(cart?.id).toBe(carts[0]?.id);
    expect(client.auth.getTokens()?.refreshToken.role).toBe('visitor');
    expect(client.auth.loggedIn()).toBe(false);
  });

  it('shares a visitor between the server renderer and the browser through a cookie', async () => {
    // The server renderer: no cookie on the request yet; the response sets one.
    const cookie = requestCookie(null, 'os_tokens');
    const ssr = createClient({
      baseUrl: server.baseUrl,
      clientId: server.clientId,
      storage: cookieStorage(cookie),
    });
    await ssr.currentCart.addToCart({ lineItems: [line(products[1]!)] });
    const setCookie = cookie.setCookie() ?? '';
    expect(setCookie).toMatch(/^os_tokens=v1\|visitor\|.+; Path=\/; SameSite=Lax/);
    // Well under the 4096 bytes browsers keep per cookie.
    expect(setCookie.length).toBeLessThan(1024);
    // The browser: the same cookie through document.cookie.
    const doc = { cookie: `theme=dark; ${setCookie.split(';')[0]}` };
    const recorder = recordingFetch();
    const browser = createClient({
      baseUrl: server.baseUrl,
      clientId: server.clientId,
      storage: cookieStorage(documentCookie('os_tokens', undefined, doc)),
      fetch: recorder.fetch,
    });
    expect((await browser.currentCart.get())?.lineItems[0]?.catalogReference?.catalogItemId).toBe(
      products[1]!.id,
    );
    expect(recorder.calls.some((c) => c.path === '/oauth2/token')).toBe(false);
  });
});

describe('cart → checkout → order', () => {
  it('runs the whole purchase', async () => {
    const client = newVisitor();
    expect(await client.currentCart.get()).toBeUndefined();

    let cart = await client.currentCart.addToCart({ lineItems: [line(products[0]!), line(products[2]!, 2)] });
    expect(cart.lineItems).toHaveLength(2);
    expect(cart.createdDate).toBeInstanceOf(Date);
    const mugC = cart.lineItems.find((l) => l.catalogReference?.catalogItemId === products[2]!.id)!;

    cart = await client.currentCart.updateLineItemsQuantity([{ id: mugC.id, quantity: 3 }]);
    expect(cart.lineItems.find((l) => l.id === mugC.id)?.quantity).toBe(3);
    expect(cart.subtotal.amount).toBe('100.00'); // 10 + 3 × 30

    cart = await client.currentCart.update({ couponCode: 'SAVE10' });
    expect(cart.appliedDiscounts[0]?.coupon?.code).toBe('SAVE10');

    const estimate = await client.currentCart.estimateTotals({
      shippingAddress: { country: 'US', subdivision: 'US-CA', postalCode: '94105' },
      selectedShippingOption: { code: 'std' },
    });
    expect(estimate.priceSummary.subtotal.amount).toBe('100.00');
    expect(estimate.priceSummary.discount.amount).toBe('10.00');
    expect(estimate.priceSummary.shipping.amount).toBe('5.00');
    expect(estimate.cart.updatedDate).toBeInstanceOf(Date);

    const { checkoutId } = await client.currentCart.createCheckout({ channelType: 'WEB' });
    let checkout = await client.checkout.update(checkoutId, {
      buyerInfo: { email: 'ada@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: {
            country: 'US',
            subdivision: 'US-CA',
            city: 'San Francisco',
            postalCode: '94105',
            addressLine: '1 Main St',
          },
          contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
        },
        selectedCarrierServiceOption: { code: 'std' },
      },
    });
    expect(checkout.buyerInfo.email).toBe('ada@example.com');
    expect(checkout.shippingInfo.selectedCarrierServiceOption?.code).toBe('std');
    expect(checkout.holdExpiresAt).toBeInstanceOf(Date);
    expect((await client.checkout.getByCartId(cart.id)).id).toBe(checkoutId);
    expect((await client.checkout.getCheckoutUrl(checkoutId)).checkoutUrl).toContain(
      `/checkout/${checkoutId}`,
    );

    checkout = await client.checkout.removeCoupon(checkoutId);
    expect(checkout.priceSummary.discount.amount).toBe('0.00');
    checkout = await client.checkout.update(checkoutId, {}, { couponCode: 'SAVE10' });
    expect(checkout.priceSummary.discount.amount).toBe('10.00');

    const { orderId } = await client.checkout.createOrder(checkoutId);
    const order = await client.orders.get(orderId);
    expect(order).toMatchObject({ id: orderId, checkoutId, status: expect.any(String) });
    expect(order.lineItems).toHaveLength(2);
    expect(order.createdDate).toBeInstanceOf(Date);
    expect(order.priceSummary.total.amount).toBe(checkout.priceSummary.total.amount);
    expect((await client.checkout.createOrder(checkoutId)).orderId).toBe(orderId); // idempotent

    const mine = await client.orders.query().descending('createdDate').find();
    expect(mine.items.map((o) => o.id)).toEqual([orderId]);
    // Another visitor sees none of it.
    expect((await newVisitor().orders.query().find()).items).toEqual([]);
  });

  it('creates a checkout directly and edits its lines', async () => {
    const client = newVisitor();
    let checkout = await client.checkout.create({ lineItems: [line(products[0]!)], channelType: 'WEB' });
    checkout = await client.checkout.addToCheckout(checkout.id, { lineItems: [line(products[1]!)] });
    expect(checkout.lineItems).toHaveLength(2);
    const first = checkout.lineItems[0]!;
    checkout = await client.checkout.updateLineItemsQuantity(checkout.id, [{ id: first.id, quantity: 4 }]);
    expect(checkout.lineItems.find((l) => l.id === first.id)?.quantity).toBe(4);
    checkout = await client.checkout.removeLineItems(checkout.id, [first.id]);
    expect(checkout.lineItems).toHaveLength(1);
    expect((await client.checkout.get(checkout.id)).id).toBe(checkout.id);
    await expect(client.checkout.removeGiftCard(checkout.id)).resolves.toMatchObject({ id: checkout.id });
  });

  it('removes lines and the coupon, and deletes the cart', async () => {
    const client = newVisitor();
    const cart = await client.currentCart.addToCart({ lineItems: [line(products[0]!), line(products[1]!)] });
    await client.currentCart.update({ couponCode: 'SAVE10' });
    expect((await client.currentCart.removeCoupon()).appliedDiscounts).toEqual([]);
    const left = await client.currentCart.removeLineItems([cart.lineItems[0]!.id]);
    expect(left.lineItems).toHaveLength(1);
    await client.currentCart.delete();
    expect(await client.currentCart.get()).toBeUndefined();
  });

  it('maps shopper mistakes to the error catalogue', async () => {
    const client = newVisitor();
    const bad = await client.currentCart
      .addToCart({ lineItems: [{ ...line(products[0]!), quantity: 0 }] })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).message).toMatch(/^INVALID_ARGUMENT: "lineItems\[0\]\.quantity" /);
    const missing = await client.checkout.get('no-such-checkout').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApplicationError);
    expect((missing as ApplicationError).status).toBe(404);
  });
});

describe('redirects', () => {
  it('creates a redirect session to the hosted checkout', async () => {
    const client = newVisitor();
    const { checkoutId } = await (async () => {
      await client.currentCart.addToCart({ lineItems: [line(products[0]!)] });
      return client.currentCart.createCheckout();
    })();
    const session = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: `${SHOP_ORIGIN}/cart`, thankYouPageUrl: `${SHOP_ORIGIN}/thanks` },
    });
    expect(session.fullUrl).toContain(`/checkout/${checkoutId}`);
    expect(session.shortUrl).toContain(`/r/${session.shortId}`);
  });
});
