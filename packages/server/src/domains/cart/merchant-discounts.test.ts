import { cart as cartModule } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  type TestProduct,
} from '../../testing/ecom.js';
import { merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-card.provider.js';

// Merchant discounts (issue 19): set by merchant and app keys on a shopper's cart (the elevated `cart`
// calls by id) and on checkouts (PATCH), refused for shoppers, applied in totals and kept by the order.
// Amounts are hand-computed in the comments; Oregon has standard shipping ($5.00) and no tax.
let t: TestApp;
let app: string;
let restoreFetch: () => void = () => {};
let mug: TestProduct;
let vase: TestProduct;
const oregon = { country: 'US', subdivision: 'US-OR', city: 'Portland', postalCode: '97201' };
const CARD = { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' };

beforeAll(async () => {
  const listening = await listeningTestApp();
  t = listening.t;
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1000 });
  vase = await createTestProduct(t.database.db, { name: 'Vase', priceMinor: 3000 });
  app = await merchantKey(t.database, 'app');
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function cartWithMugsAndVase(shopper: string) {
  const cart = (
    await send(shopper, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(mug.id, 2), lineItem(vase.id)],
    })
  ).json().cart;
  return { cartId: cart.id as string, mugLine: cart.lineItems[0].id, vaseLine: cart.lineItems[1].id };
}

describe('merchant discounts', () => {
  it('shoppers cannot set them anywhere: a 400 naming the field, or 403 on the store-only calls', async () => {
    const me = visitorToken('v-md-refused');
    const { cartId } = await cartWithMugsAndVase(me);
    const onCart = await send(me, 'PATCH', '/ecom/v1/carts/current', {
      merchantDiscounts: [{ percentage: 50 }],
    });
    expect(onCart.statusCode).toBe(400);
    expect(onCart.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'merchantDiscounts',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect((await send(me, 'PATCH', `/ecom/v1/carts/${cartId}`, { merchantDiscounts: [] })).statusCode).toBe(
      403,
    );
    expect((await send(me, 'GET', `/ecom/v1/carts/${cartId}`)).statusCode).toBe(403);
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    const onCheckout = await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      merchantDiscounts: [{ amount: '1.00' }],
    });
    expect(onCheckout.statusCode).toBe(400);
    expect(onCheckout.json().details.validationError.fieldViolations[0].field).toBe('merchantDiscounts');
    // Nothing was stored by the refused calls.
    expect((await send(me, 'GET', '/ecom/v1/carts/current')).json().cart.appliedDiscounts).toEqual([]);
  });

  it("an app key sets them on the shopper's cart; totals, checkout and order carry them to the cent", async () => {
    const me = visitorToken('v-md-flow');
    const { cartId, mugLine, vaseLine } = await cartWithMugsAndVase(me);
    const set = await send(app, 'PATCH', `/ecom/v1/carts/${cartId}`, {
      merchantDiscounts: [{ amount: '5.00', lineItemIds: [vaseLine] }, { percentage: 10 }],
    });
    expect(set.statusCode).toBe(200);
    // $5 off the vase; 10 % of the prices before other discounts (50.00) = 5.00, spread over what is
    // left (mug 20.00, vase 25.00): 2.22 + 2.78.
    expect(set.json().cart.appliedDiscounts).toEqual([
      {
        discountType: 'SPECIFIC_ITEMS',
        merchantDiscount: { amount: expect.objectContaining({ amount: '5.00' }) },
        lineItemIds: [vaseLine],
      },
      {
        discountType: 'GLOBAL',
        merchantDiscount: { amount: expect.objectContaining({ amount: '5.00' }), percentage: 10 },
        lineItemIds: [mugLine, vaseLine],
      },
    ]);
    // The shopper sees them, and adds a coupon on top: SAVE10 is 10 % of what is left (40.00) = 4.00.
    await send(me, 'PATCH', '/ecom/v1/carts/current', { couponCode: 'SAVE10' });
    const estimate = (
      await send(me, 'POST', '/ecom/v1/carts/current/estimate-totals', { shippingAddress: oregon })
    ).json();
    expect(estimate.priceSummary).toMatchObject({
      subtotal: { amount: '50.00' },
      discount: { amount: '14.00' },
      shipping: { amount: '5.00' },
      tax: { amount: '0.00' },
      total: { amount: '41.00' },
    });
    const { checkoutId } = (
      await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {
        shippingAddress: oregon,
        email: 'md@example.com',
      })
    ).json();
    // A gift card of 15.00 leaves 26.00 to pay by card.
    const card = await issueTestGiftCard(t.database.db, 1500);
    const checkout = (
      await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, { giftCardCode: card.code })
    ).json().checkout;
    expect(
      checkout.appliedDiscounts.map((d: { merchantDiscount?: unknown }) => !!d.merchantDiscount),
    ).toEqual([true, true, false]);
    expect(checkout.priceSummary.total.amount).toBe('41.00');
    expect(checkout.payNow.total.amount).toBe('26.00');
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: { type: 'SANDBOX_CARD', card: CARD },
    });
    expect(placed.statusCode).toBe(200);
    const order = (await send(app, 'GET', `/ecom/v1/orders/${placed.json().orderId}`)).json().order;
    expect(order.paymentStatus).toBe('PAID');
    expect(order.priceSummary).toMatchObject({ discount: { amount: '14.00' }, total: { amount: '41.00' } });
    expect(order.appliedDiscounts).toEqual([
      expect.objectContaining({ merchantDiscount: { amount: expect.objectContaining({ amount: '5.00' }) } }),
      expect.objectContaining({
        merchantDiscount: { amount: expect.objectContaining({ amount: '5.00' }), percentage: 10 },
      }),
      expect.objectContaining({ coupon: expect.objectContaining({ code: 'SAVE10' }) }),
    ]);
    expect(
      order.lineItems.map((line: { totalDiscount: { amount: string } }) => line.totalDiscount.amount),
    ).toEqual(['4.00', '10.00']);
  });

  it('a merchant PATCH on a checkout sets, replaces and clears them; unknown lines are a 400', async () => {
    const me = visitorToken('v-md-checkout');
    const { vaseLine } = await cartWithMugsAndVase(me);
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    const patch = (body: object) => send(app, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, body);
    const first = (await patch({ merchantDiscounts: [{ percentage: 25 }] })).json().checkout;
    expect(first.priceSummary.discount.amount).toBe('12.50');
    const second = (await patch({ merchantDiscounts: [{ amount: 3, lineItemIds: [vaseLine] }] })).json()
      .checkout;
    expect(second.appliedDiscounts).toEqual([
      expect.objectContaining({ discountType: 'SPECIFIC_ITEMS', lineItemIds: [vaseLine] }),
    ]);
    expect(second.priceSummary.discount.amount).toBe('3.00');
    const unknown = await patch({ merchantDiscounts: [{ amount: 3, lineItemIds: ['nope'] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.validationError.fieldViolations[0].field).toBe(
      'merchantDiscounts[0].lineItemIds',
    );
    const both = await patch({ merchantDiscounts: [{ amount: 3, percentage: 5 }] });
    expect(both.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'merchantDiscounts[0]',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
    const cleared = (await patch({ merchantDiscounts: [] })).json().checkout;
    expect(cleared.appliedDiscounts).toEqual([]);
    expect(cleared.priceSummary.discount.amount).toBe('0.00');
  });

  it('inside checkoutInfo on create and checkout on PATCH they apply too, never a 200 that drops them', async () => {
    const created = await send(app, 'POST', '/ecom/v1/checkouts', {
      lineItems: [lineItem(mug.id, 2)],
      checkoutInfo: { merchantDiscounts: [{ percentage: 10 }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const checkout = created.json().checkout;
    expect(checkout.priceSummary.discount.amount).toBe('2.00');
    expect(checkout.appliedDiscounts).toEqual([
      expect.objectContaining({ merchantDiscount: expect.objectContaining({ percentage: 10 }) }),
    ]);
    const patched = await send(app, 'PATCH', `/ecom/v1/checkouts/${checkout.id}`, {
      checkout: { merchantDiscounts: [{ amount: 5 }] },
    });
    expect(patched.json().checkout.priceSummary.discount.amount).toBe('5.00');
    const twice = await send(app, 'PATCH', `/ecom/v1/checkouts/${checkout.id}`, {
      checkout: { merchantDiscounts: [{ amount: 1 }] },
      merchantDiscounts: [{ amount: 2 }],
    });
    expect(twice.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'checkout.merchantDiscounts',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
    const shopper = await send(visitorToken('v-md-nested'), 'POST', '/ecom/v1/checkouts', {
      lineItems: [lineItem(mug.id)],
      checkoutInfo: { merchantDiscounts: [{ percentage: 50 }] },
    });
    expect(shopper.statusCode).toBe(400);
    expect(shopper.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'checkoutInfo.merchantDiscounts',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
  });

  it("the public @wix/ecom cart module reads and updates a shopper's cart by id with an app key", async () => {
    const me = visitorToken('v-md-sdk');
    const { cartId } = await cartWithMugsAndVase(me);
    await send(app, 'PATCH', `/ecom/v1/carts/${cartId}`, { merchantDiscounts: [{ percentage: 20 }] });
    const wix = createClient({
      auth: { getAuthHeaders: async () => ({ headers: { Authorization: app } }) },
      modules: { cart: cartModule },
    });
    const read = await wix.cart.getCart(cartId);
    expect(read.appliedDiscounts?.[0]?.merchantDiscount?.amount?.amount).toBe('10.00');
    const updated = await wix.cart.updateCart(cartId, {
      couponCode: 'SAVE10',
      cartInfo: { buyerNote: 'gift' },
    });
    expect(updated.buyerNote).toBe('gift');
    expect(updated.appliedDiscounts?.map((d) => d.coupon?.code ?? 'merchant')).toEqual([
      'merchant',
      'SAVE10',
    ]);
  });

  it("createCart makes a named shopper's cart once; a second is 409 with the cart to update", async () => {
    const body = {
      cartInfo: { buyerInfo: { visitorId: 'v-md-created' } },
      lineItems: [lineItem(mug.id)],
      merchantDiscounts: [{ amount: '1.50' }],
    };
    const created = await send(app, 'POST', '/ecom/v1/carts', body);
    expect(created.statusCode).toBe(200);
    const shopperView = (await send(visitorToken('v-md-created'), 'GET', '/ecom/v1/carts/current')).json()
      .cart;
    expect(shopperView.id).toBe(created.json().cart.id);
    expect(shopperView.appliedDiscounts[0].merchantDiscount.amount.amount).toBe('1.50');
    const again = await send(app, 'POST', '/ecom/v1/carts', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().details.applicationError.data.cartId).toBe(shopperView.id);
    const nobody = await send(app, 'POST', '/ecom/v1/carts', { lineItems: [lineItem(mug.id)] });
    expect(nobody.json().details.validationError.fieldViolations[0].field).toBe('cartInfo.buyerInfo');
  });
});

describe('merchant discounts under concurrency', () => {
  it("a merchant's discount change and the shopper's parallel adds both land: nothing lost, totals exact", async () => {
    const me = visitorToken('v-md-race');
    const { cartId } = await cartWithMugsAndVase(me);
    const adds = Array.from({ length: 6 }, () =>
      send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id)] }),
    );
    const discounts = [10, 20, 30].map((percentage) =>
      send(app, 'PATCH', `/ecom/v1/carts/${cartId}`, { merchantDiscounts: [{ percentage }] }),
    );
    const replies = await Promise.all([...adds, ...discounts]);
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(9).fill(200));
    const cart = (await send(me, 'GET', '/ecom/v1/carts/current')).json().cart;
    expect(cart.lineItems[0].quantity).toBe(8);
    // 8 mugs + a vase = 110.00; the last discount written wins whole, and is exact on that subtotal.
    const applied = cart.appliedDiscounts[0].merchantDiscount;
    expect([10, 20, 30]).toContain(applied.percentage);
    expect(applied.amount.amount).toBe(((110 * applied.percentage) / 100).toFixed(2));
  });

  it('discount changes racing create-order: the order has exactly the discount its checkout had when locked', async () => {
    const me = visitorToken('v-md-order-race');
    await cartWithMugsAndVase(me);
    const { checkoutId } = (
      await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {
        shippingAddress: oregon,
        email: 'race@example.com',
      })
    ).json();
    const changes = [100, 200, 300, 400].map((cents) =>
      send(app, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
        merchantDiscounts: [{ amount: cents / 100 }],
      }),
    );
    const order = send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    const [placed, ...patched] = await Promise.all([order, ...changes]);
    expect(placed?.statusCode).toBe(200);
    // Each change either landed before the order (200) or found the checkout completed (409).
    for (const reply of patched) expect([200, 409]).toContain(reply.statusCode);
    const saved = (await send(app, 'GET', `/ecom/v1/orders/${placed?.json().orderId}`)).json().order;
    const discount = Math.round(Number(saved.priceSummary.discount.amount) * 100);
    expect([0, 100, 200, 300, 400]).toContain(discount);
    // 50.00 − discount + shipping, to the cent. Shipping depends on which state the order saw: undiscounted,
    // the 50.00 subtotal reaches the free-over-50 rate; any discount brings it under, to the 5.00 rate.
    const shipping = Math.round(Number(saved.priceSummary.shipping.amount) * 100);
    expect(shipping).toBe(discount === 0 ? 0 : 500);
    expect(saved.priceSummary.total.amount).toBe(((5000 - discount + shipping) / 100).toFixed(2));
    const checkout = (await send(app, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(checkout.completed).toBe(true);
    expect(checkout.priceSummary.discount.amount).toBe(saved.priceSummary.discount.amount);
  });
});
