import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, type TestProduct, updateTestProduct } from '../../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../../testing/index.js';
import { deleteProduct } from '../../catalog/products/product-write.service.js';
import { listEntityEvents } from '../../events/events.service.js';
import { createCoupon } from '../../store-setup/promotions/coupons.service.js';

// The current cart's calls for a shopper who has one. A shopper without one: cart-missing.routes.test.ts.
let t: TestApp;
let mug: TestProduct;
let shirt: TestProduct;
let poster: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  mug = await createTestProduct(db, {
    name: 'Mug',
    priceMinor: 1250,
    discount: { type: 'AMOUNT', value: 250 },
    weight: 0.4,
    sku: 'MUG-1',
    stock: { trackInventory: true, quantity: 5 },
  });
  shirt = await createTestProduct(db, {
    name: 'Shirt',
    priceMinor: 2000,
    manageVariants: true,
    productOptions: [
      { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
      { name: 'Color', optionType: 'color', choices: [{ value: '#0000ff', description: 'Blue' }] },
    ],
  });
  poster = await createTestProduct(db, { name: 'Poster', priceMinor: 800 });
  await createCoupon(db, { code: 'SAVE10', name: '10 % off', kind: 'PERCENT', ppm: 100_000 });
});
afterAll(() => t.close());

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/ecom/v1/carts/current${path}`,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });

describe('current cart over HTTP', () => {
  const me = visitorToken('v-routes');

  it('answers 404 OWNED_CART_NOT_FOUND before the first add, and refuses callers without a shopper token', async () => {
    const none = await call(me, 'GET', '');
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toMatch(/^application\/json/);
    expect(none.headers['x-wix-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.json()).toEqual({
      message: 'Cart not found',
      details: {
        applicationError: {
          code: 'OWNED_CART_NOT_FOUND',
          description: 'This visitor or member has no current cart yet. Add an item to create one.',
          data: {},
        },
      },
    });
    expect((await call(undefined, 'GET', '')).statusCode).toBe(401);
    expect((await call(await merchantKey(t.database), 'GET', '')).statusCode).toBe(403);
  });

  it('adds items, merges the same variant, and describes lines as the protocol does', async () => {
    const first = await call(me, 'POST', '/add-to-cart', { lineItems: [lineItem(mug.id, 2)] });
    expect(first.statusCode).toBe(200);
    const again = await call(me, 'POST', '/add-to-cart', {
      lineItems: [lineItem(mug.id, 1), lineItem(shirt.id, 1, { options: { Size: 'M', Color: 'Blue' } })],
    });
    const cart = again.json().cart;
    expect(cart.lineItems).toHaveLength(2);
    const [mugLine, shirtLine] = cart.lineItems;
    expect(mugLine).toMatchObject({
      quantity: 3,
      catalogReference: { catalogItemId: mug.id, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
      productName: { original: 'Mug', translated: 'Mug' },
      price: { amount: '10.00', formattedAmount: '$10.00' },
      fullPrice: { amount: '12.50' },
      lineItemPrice: { amount: '30.00' },
      availability: { status: 'AVAILABLE', quantityAvailable: 5 },
      physicalProperties: { sku: 'MUG-1', shippable: true, weight: 0.4 },
      itemType: { preset: 'PHYSICAL' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      url: { relativePath: '/product-page/mug' },
    });
    expect(shirtLine.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        lineType: 'PLAIN_TEXT',
        plainText: { original: 'M', translated: 'M' },
      },
      {
        name: { original: 'Color', translated: 'Color' },
        lineType: 'COLOR',
        colorInfo: { original: 'Blue', translated: 'Blue', code: '#0000ff' },
      },
    ]);
    expect(cart.subtotal.amount).toBe('50.00');
    expect(cart.buyerInfo).toEqual({ visitorId: 'v-routes' });
    // The same variant by id merges with the line added by options.
    const byId = await call(me, 'POST', '/add-to-cart', {
      lineItems: [lineItem(shirt.id, 1, { variantId: shirt.variantIds[1] })],
    });
    expect(byId.json().cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([3, 2]);
  });

  it('names the field and rule of bad input', async () => {
    const unknown = await call(me, 'POST', '/add-to-cart', { lineItems: [lineItem('no-such-product')] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.catalogItemId',
      violatedRule: 'VALIDATION',
    });
    const zero = await call(me, 'POST', '/add-to-cart', { lineItems: [lineItem(mug.id, 0)] });
    expect(zero.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].quantity',
      violatedRule: 'MIN',
    });
    const noOptions = await call(me, 'POST', '/add-to-cart', { lineItems: [lineItem(shirt.id)] });
    expect(noOptions.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options',
      violatedRule: 'REQUIRED_FIELD',
    });
    const custom = await call(me, 'POST', '/add-to-cart', {
      customLineItems: [{ price: '1.00', productName: { original: 'Free money' }, quantity: 1 }],
    });
    expect(custom.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'customLineItems',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    const tooMany = await call(me, 'POST', '/add-to-cart', { lineItems: [lineItem(mug.id, 3)] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().details.applicationError).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      data: { quantityAvailable: 5 },
    });
  });

  it('updates quantities, applies and removes a coupon, removes lines', async () => {
    const cart = (await call(me, 'GET', '')).json().cart;
    const [mugLine, shirtLine] = cart.lineItems;
    const updated = await call(me, 'POST', '/update-line-items-quantity', {
      lineItems: [{ _id: mugLine.id, quantity: 1 }],
    });
    expect(updated.json().cart.lineItems[0].quantity).toBe(1);
    const missing = await call(me, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: 'nope', quantity: 1 }],
    });
    expect(missing.json().details.validationError.fieldViolations[0].field).toBe('lineItems[0].id');

    const withCoupon = await call(me, 'PATCH', '', {
      couponCode: 'save10',
      cartInfo: { buyerNote: 'gift wrap' },
    });
    expect(withCoupon.statusCode).toBe(200);
    // Subtotal 10 + 2 × 20 = 50; 10 % = 5.
    expect(withCoupon.json().cart).toMatchObject({
      buyerNote: 'gift wrap',
      couponCode: 'SAVE10',
      appliedDiscounts: [{ discountType: 'GLOBAL', coupon: { code: 'SAVE10', amount: { amount: '5.00' } } }],
    });
    const badCoupon = await call(me, 'PATCH', '', { couponCode: 'NOPE' });
    expect(badCoupon.statusCode).toBe(404);
    expect(badCoupon.json().details.applicationError.code).toBe('COUPON_NOT_FOUND');
    const removed = await call(me, 'POST', '/remove-coupon', {});
    expect(removed.json().cart.appliedDiscounts).toEqual([]);
    expect(removed.json().cart).not.toHaveProperty('couponCode');

    const fewer = await call(me, 'POST', '/remove-line-items', { lineItemIds: [shirtLine.id] });
    expect(fewer.json().cart.lineItems.map((l: { id: string }) => l.id)).toEqual([mugLine.id]);
  });

  it('re-evaluates lines on read: out of stock is an ERROR with REMOVE_LINE_ITEM, a deleted product NOT_FOUND', async () => {
    const other = visitorToken('v-violations');
    await call(other, 'POST', '/add-to-cart', { lineItems: [lineItem(mug.id, 1), lineItem(poster.id, 1)] });
    await updateTestProduct(t.database.db, mug.id, { stock: { trackInventory: true, quantity: 0 } });
    await deleteProduct(t.database.db, poster.id, { actor: { identityType: 'WIX_USER' }, currency: 'USD' });
    const cart = (await call(other, 'GET', '')).json().cart;
    expect(cart.lineItems.map((l: { availability: { status: string } }) => l.availability.status)).toEqual([
      'NOT_AVAILABLE',
      'NOT_FOUND',
    ]);
    expect(cart.lineItems[1].productName.original).toBe('Poster');
    const estimate = (await call(other, 'POST', '/estimate-totals', {})).json();
    expect(estimate.violations.filter((v: { severity: string }) => v.severity === 'ERROR')).toEqual([
      expect.objectContaining({
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: cart.lineItems[0].id } },
        suggestedFix: 'REMOVE_LINE_ITEM',
      }),
      expect.objectContaining({
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: cart.lineItems[1].id } },
        suggestedFix: 'REMOVE_LINE_ITEM',
      }),
    ]);
    expect(estimate.priceSummary.total.amount).toBe('0.00');
    await updateTestProduct(t.database.db, mug.id, { stock: { trackInventory: true, quantity: 5 } });
  });

  it('deletes the cart ({}), then has none; every change was an event in the outbox', async () => {
    const cartId = (await call(me, 'GET', '')).json().cart.id;
    const deleted = await call(me, 'DELETE', '');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
    for (const method of ['GET', 'DELETE'] as const) {
      const gone = await call(me, method, '');
      expect(gone.statusCode, method).toBe(404);
      expect(gone.json().details.applicationError.code, method).toBe('OWNED_CART_NOT_FOUND');
    }
    const events = await listEntityEvents(t.database.db, 'cart', cartId);
    expect(events[0]?.type).toBe('ecom.cart.created');
    expect(events.at(-1)?.type).toBe('ecom.cart.deleted');
    expect(events.filter((e) => e.type === 'ecom.cart.updated').length).toBeGreaterThanOrEqual(5);
  });

  it("serves the spec's bare /v1 paths too", async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/v1/carts/current/add-to-cart',
      headers: { authorization: visitorToken('v-bare') },
      payload: { lineItems: [lineItem(mug.id)] },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().cart.lineItems).toHaveLength(1);
  });

  it('loses no add when one shopper adds many times at once (optimistic write, then the lock)', async () => {
    const racer = visitorToken('v-racer');
    const frame = await createTestProduct(t.database.db, { name: 'Frame', priceMinor: 1500 });
    const addFrames = () => call(racer, 'POST', '/add-to-cart', { lineItems: [lineItem(frame.id, 2)] });
    // Racing first adds meet on one new cart; racing later adds on its version.
    for (const round of [10, 25]) {
      const replies = await Promise.all(Array.from({ length: round }, addFrames));
      for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    }
    const cart = (await call(racer, 'GET', '')).json().cart;
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0].quantity).toBe(70);
    // Every add is one event: one created the cart, each later one updated it; none applied twice.
    const events = await listEntityEvents(t.database.db, 'cart', cart.id);
    expect(events.filter((event) => event.type === 'ecom.cart.created')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'ecom.cart.updated')).toHaveLength(34);
    const quantities = events.map(
      (event) => (event.payload.cart as { lineItems: { quantity: number }[] }).lineItems[0]?.quantity,
    );
    expect(quantities).toEqual(Array.from({ length: 35 }, (_, i) => (i + 1) * 2));
  });
});
