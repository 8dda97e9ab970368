import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  type TestProduct,
} from '../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { getCoupon } from '../store-setup/promotions/coupons.service.js';
import { getGiftCard } from '../store-setup/promotions/gift-cards.service.js';

let now = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
let mug: TestProduct;
let book: TestProduct;
let couponIds: Record<string, string>;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const db = t.database.db;
  ({ couponIds } = await setUpTestStore(db));
  mug = await createTestProduct(db, {
    name: 'Mug',
    priceMinor: 1250,
    weight: 0.4,
    stock: { trackInventory: true, quantity: 10 },
  });
  book = await createTestProduct(db, { name: 'E-book', priceMinor: 999, productType: 'digital' });
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

describe('checkout from the current cart, to an order', () => {
  const me = visitorToken('v-checkout');
  let checkoutId: string;
  let giftCard: { id: string; code: string };

  it('creates a checkout from the cart, holding its prices', async () => {
    await call(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(mug.id, 2), lineItem(book.id)],
    });
    const created = await call(me, 'POST', '/ecom/v1/carts/current/create-checkout', { channelType: 'WEB' });
    expect(created.statusCode).toBe(200);
    checkoutId = created.json().checkoutId;
    const checkout = (await call(me, 'GET', `/ecom/v1/checkouts/${checkoutId}?id=${checkoutId}`)).json()
      .checkout;
    expect(checkout).toMatchObject({
      id: checkoutId,
      channelType: 'WEB',
      completed: false,
      currency: 'USD',
      buyerInfo: { visitorId: 'v-checkout' },
      priceSummary: { subtotal: { amount: '34.99' }, total: { amount: '34.99' } },
      holdExpiresAt: '2026-03-01T12:30:00.000Z',
    });
    expect(checkout.lineItems.map((l: { itemType: { preset: string } }) => l.itemType.preset)).toEqual([
      'PHYSICAL',
      'DIGITAL',
    ]);
    const cart = (await call(me, 'GET', '/ecom/v1/carts/current')).json().cart;
    expect(cart.checkoutId).toBe(checkoutId);
    const byCart = await call(me, 'GET', `/ecom/v1/checkouts/by-cart-id/${cart.id}?id=${cart.id}`);
    expect(byCart.json().checkout.id).toBe(checkoutId);
    const url = await call(me, 'GET', `/ecom/v1/checkouts/${checkoutId}/checkout-url`);
    // The hosted checkout opens once, as this shopper, from any browser (redirects/hosted-page.test.ts).
    expect(url.json().checkoutUrl).toMatch(
      new RegExp(`^${t.config.publicUrl}/checkout/${checkoutId}\\?session=osrs_[\\w-]+$`),
    );
  });

  // Prices change through the API: its write drops this process's catalog cache before replying, where a
  // direct database write would be seen only once PostgreSQL's NOTIFY comes back (late on a busy machine).
  const setMugPrice = async (price: number) => {
    const reply = await call(owner, 'PATCH', `/stores/v1/products/${mug.id}`, {
      product: { priceData: { price } },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };

  it('keeps the held price when the catalog price rises, until the hold lapses', async () => {
    await setMugPrice(15);
    const held = (await call(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(held.lineItems[0].price.amount).toBe('12.50');
    now = new Date('2026-03-01T12:31:00Z');
    const lapsed = (await call(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(lapsed.lineItems[0].price.amount).toBe('15.00');
    await setMugPrice(12.5);
    now = new Date('2026-03-01T12:32:00Z');
  });

  it('is private to its buyer', async () => {
    const other = await call(visitorToken('v-other'), 'GET', `/ecom/v1/checkouts/${checkoutId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().details.applicationError.code).toBe('CHECKOUT_NOT_FOUND');
    expect((await call(owner, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).statusCode).toBe(200);
  });

  it('takes addresses (geocode NaN too), a shipping option, a coupon and a gift card: totals to the cent', async () => {
    giftCard = await issueTestGiftCard(t.database.db, 2000);
    const updated = await call(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: {
        id: checkoutId,
        buyerInfo: { email: 'ada@example.com' },
        shippingInfo: {
          shippingDestination: {
            address: {
              country: 'US',
              subdivision: 'US-NY',
              city: 'New York',
              postalCode: '10001',
              addressLine: '1 Main St',
              geocode: { latitude: 'NaN', longitude: -73.99 },
            },
            contactDetails: { firstName: 'Ada', lastName: 'L' },
          },
          selectedCarrierServiceOption: { code: 'std' },
        },
      },
      couponCode: 'SAVE10',
      giftCardCode: giftCard.code.toLowerCase(),
    });
    expect(updated.statusCode).toBe(200);
    const checkout = updated.json().checkout;
    // Subtotal 34.99; SAVE10 = 3.50 (2.50 mug, 1.00 book); NY std 4.00; tax 8.875 %: mug 22.50 → 2.00,
    // book 8.99 → 0.80, shipping → 0.36; total 31.49 + 4.00 + 3.16 = 38.65; gift card 20.00 → pay 18.65.
    expect(checkout.priceSummary).toMatchObject({
      subtotal: { amount: '34.99' },
      discount: { amount: '3.50' },
      shipping: { amount: '4.00' },
      tax: { amount: '3.16' },
      total: { amount: '38.65', formattedAmount: '$38.65' },
    });
    expect(checkout.payNow.total.amount).toBe('18.65');
    expect(checkout.giftCard).toMatchObject({
      obfuscatedCode: `••••${giftCard.code.slice(-4)}`,
      amount: { amount: '20.00' },
    });
    expect(JSON.stringify(checkout)).not.toContain(giftCard.code);
    expect(checkout.shippingInfo.shippingDestination.address.geocode).toEqual({
      latitude: 'NaN',
      longitude: -73.99,
    });
    expect(checkout.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'std',
      requestedShippingOption: true,
      logistics: { deliveryTime: '1-2 business days' },
    });
    expect(checkout.taxSummary.calculationDetails).toEqual({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
    });
    expect(checkout.appliedDiscounts[0]).toMatchObject({
      discountType: 'GLOBAL',
      coupon: { code: 'SAVE10', amount: { amount: '3.50' } },
    });
    expect(checkout.couponCode).toBe('SAVE10');
  });

  it('names bad input, and keeps shopper-set prices out', async () => {
    const badEmail = await call(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: { buyerInfo: { email: 'nope' } },
    });
    expect(badEmail.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'checkout.buyerInfo.email',
      violatedRule: 'FORMAT',
    });
    const custom = await call(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/add-to-checkout`, {
      customLineItems: [{ price: '0.01', productName: { original: 'Gold bar' } }],
    });
    expect(custom.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'customLineItems',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    const masked = await call(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: { buyerInfo: { email: 'masked@example.com' }, buyerNote: 'ignored' },
      fieldMask: { paths: ['buyerNote'] },
    });
    expect(masked.json().checkout.buyerInfo.email).toBe('ada@example.com');
    expect(masked.json().checkout.buyerNote).toBe('ignored');
  });

  it('creates the order once: stock, coupon use and gift card taken; cart gone; retries return the same order', async () => {
    // Warm the public catalog cache first: the order must drop it before its reply leaves.
    const cached = await call(me, 'GET', `/stores-reader/v1/products/${mug.id}`);
    expect(cached.json().product.stock.quantity).toBe(10);
    const first = await call(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, { id: checkoutId });
    expect(first.statusCode).toBe(200);
    const { orderId } = first.json();
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await call(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    expect(again.json()).toEqual({ orderId });
    expect(
      (await call(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/mark-as-completed`, { orderId })).json(),
    ).toEqual({});
    const checkout = (await call(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(checkout).toMatchObject({ completed: true, orderId });
    const late = await call(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/remove-coupon`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().details.applicationError.code).toBe('CHECKOUT_ALREADY_COMPLETED');
    const cartAfter = await call(me, 'GET', '/ecom/v1/carts/current');
    expect(cartAfter.statusCode).toBe(404);
    expect(cartAfter.json().details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
    expect((await getCoupon(t.database.db, couponIds.SAVE10 as string)).uses).toBe(1);
    expect((await getGiftCard(t.database.db, giftCard.id)).balanceMinor).toBe(0);
    const product = await t.app.inject(`/stores-reader/v1/products/${mug.id}`);
    expect(product.json().product.stock.quantity).toBe(8);
  });
});

describe('checkouts created from line items (POST /checkouts)', () => {
  it('shoppers for themselves; merchants with custom lines for anyone', async () => {
    const mine = await call(visitorToken('v-direct'), 'POST', '/ecom/v1/checkouts', {
      lineItems: [lineItem(mug.id, 1)],
      channelType: 'WEB',
      checkoutInfo: { buyerInfo: { email: 'b@example.com', visitorId: 'someone-else' } },
      couponCode: 'FIVEOFF',
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().checkout).toMatchObject({
      buyerInfo: { email: 'b@example.com', visitorId: 'v-direct' },
      violations: expect.arrayContaining([
        expect.objectContaining({ code: 'COUPON_MINIMUM_NOT_MET', severity: 'WARNING' }),
      ]),
    });
    const pos = await call(owner, 'POST', '/v1/checkouts', {
      channelType: 'POS',
      customLineItems: [
        {
          price: '3.50',
          productName: { original: 'Gift wrap' },
          quantity: 2,
          itemType: { preset: 'SERVICE' },
        },
      ],
      merchantDiscounts: [{ percentage: 50 }],
    });
    expect(pos.statusCode).toBe(200);
    expect(pos.json().checkout).toMatchObject({
      channelType: 'POS',
      lineItems: [
        { customLineItem: true, productName: { original: 'Gift wrap' }, price: { amount: '3.50' } },
      ],
      priceSummary: { subtotal: { amount: '7.00' }, discount: { amount: '3.50' }, total: { amount: '3.50' } },
      appliedDiscounts: [
        { discountType: 'GLOBAL', merchantDiscount: { percentage: 50, amount: { amount: '3.50' } } },
      ],
    });
    const empty = await call(owner, 'POST', '/ecom/v1/checkouts', { channelType: 'WEB' });
    expect(empty.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems',
      violatedRule: 'MIN_SIZE',
    });
  });
});
