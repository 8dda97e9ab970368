import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  shopperCheckout,
  type TestProduct,
} from '../../testing/ecom.js';
import { createTestApp, memberToken, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { saveMediaFile } from '../media/media.service.js';
import { mediaStorageFor } from '../media/storage.js';
import { savedPaymentMethods } from '../payments/payments.schema.js';
import { SANDBOX_CARDS } from '../payments/sandbox-card.provider.js';
import { createCoupon, getCoupon } from '../store-setup/coupons.service.js';
import { getGiftCard } from '../store-setup/gift-cards.service.js';

let now = new Date('2026-04-01T09:00:00Z');
let t: TestApp;
let owner: string;
let mug: TestProduct;
let guide: TestProduct;
let coffee: TestProduct;
const card = (number: string) => ({
  type: 'SANDBOX_CARD',
  card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
});

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const db = t.database.db;
  await setUpTestStore(db);
  owner = await merchantKey(t.database);
  mug = await createTestProduct(db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 10 },
  });
  const file = await saveMediaFile(db, mediaStorageFor(t.config), {
    fileName: 'guide.pdf',
    data: Buffer.from('%PDF-1.4 the guide'),
    visibility: 'private',
  });
  guide = await createTestProduct(db, {
    name: 'Brewing guide',
    priceMinor: 500,
    productType: 'digital',
    digitalFiles: [{ id: file.id, fileName: 'guide.pdf', fileType: 'SECURE_DOCUMENT' }],
  });
  coffee = await createTestProduct(db, {
    name: 'Coffee beans',
    priceMinor: 1800,
    subscriptionOptions: {
      oneTimePurchase: false,
      subscriptions: [
        {
          id: 'monthly',
          title: 'Every month',
          visible: true,
          frequency: 'MONTH',
          interval: 1,
          billingCycles: 12,
          discount: { type: 'PERCENT', value: 1000 },
        },
      ],
    },
  });
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const checkoutFor = (token: string, items: object[], extra: object = {}) =>
  shopperCheckout(t.app, token, items, extra);

// The public (cached) read: orders drop this process's cache as they commit, so it is fresh at once.
const stockOf = async (product: TestProduct) =>
  (await t.app.inject(`/stores-reader/v1/products/${product.id}`)).json().product.stock.quantity;

describe('payments', () => {
  it('a declined card leaves no order, stock, coupon use or gift card redemption behind', async () => {
    const me = visitorToken('v-declined');
    const gift = await issueTestGiftCard(t.database.db, 500);
    const coupon = await createCoupon(t.database.db, {
      code: 'ONCE',
      name: 'Once',
      kind: 'AMOUNT',
      amountMinor: 100,
      usageLimit: 1,
    });
    const checkoutId = await checkoutFor(me, [lineItem(mug.id, 2)], {
      couponCode: 'ONCE',
      giftCardCode: gift.code,
    });
    const stockBefore = await stockOf(mug);
    const declined = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: card(SANDBOX_CARDS.declined),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().details.applicationError).toMatchObject({
      code: 'PAYMENT_DECLINED',
      data: { reason: 'CARD_DECLINED' },
    });
    expect(await stockOf(mug)).toBe(stockBefore);
    expect((await getCoupon(t.database.db, coupon.id)).uses).toBe(0);
    expect((await getGiftCard(t.database.db, gift.id)).balanceMinor).toBe(500);
    const [{ n }] = (await queryRows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM orders WHERE checkout_id = ${checkoutId}`,
    )) as [{ n: string }];
    expect(Number(n)).toBe(0);
    const bad = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: card('4242424242424241'),
    });
    expect(bad.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'paymentMethod.card.number',
      violatedRule: 'FORMAT',
    });
    // The same checkout then goes through with a good card: 2 × 12.50 − 1.00 − 5.00 = 19.00 charged.
    const paid = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: card(SANDBOX_CARDS.success[0]),
      savePaymentMethod: true,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentGatewayOrderId).toMatch(/^sbx_/);
    const order = (await send(owner, 'GET', `/admin-api/v1/orders/${paid.json().orderId}`)).json().order;
    expect(order).toMatchObject({ paymentStatus: 'PAID', payNow: { amount: '19.00' } });
    expect(order.payments).toEqual([
      expect.objectContaining({
        provider: 'SANDBOX_CARD',
        status: 'CAPTURED',
        cardLast4: '4242',
        amount: expect.objectContaining({ amount: '19.00' }),
      }),
    ]);
    const saved = await t.database.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.ownerKey, 'visitor:v-declined'));
    expect(saved).toHaveLength(1);
    expect(JSON.stringify(saved)).not.toContain('4242424242424242');
    expect(saved[0]?.token).toMatch(/^tok_sandbox_/);
  });

  it('delayCapture authorizes now; the merchant captures later', async () => {
    const me = visitorToken('v-delay');
    const checkoutId = await checkoutFor(me, [lineItem(mug.id)]);
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: card(SANDBOX_CARDS.success[1]),
      delayCapture: true,
    });
    const orderId = placed.json().orderId;
    expect((await send(me, 'GET', `/ecom/v1/orders/${orderId}`)).json().order.paymentStatus).toBe(
      'AUTHORIZED',
    );
    const captured = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/capture`, {});
    expect(captured.json().order).toMatchObject({
      paymentStatus: 'PAID',
      payments: [expect.objectContaining({ status: 'CAPTURED', cardBrand: 'MASTERCARD' })],
    });
    const again = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/capture`, {});
    expect(again.json().details.applicationError.code).toBe('NOTHING_TO_CAPTURE');
    // Captured: paid in full, nothing due.
    const total = captured.json().order.priceSummary.total.amount;
    expect(captured.json().order.balanceSummary).toMatchObject({
      paid: { amount: total },
      balance: { amount: '0.00' },
    });
  });

  it('a fully discounted order is paid at once; an offline order stays unpaid until the merchant marks it', async () => {
    await createCoupon(t.database.db, { code: 'ALLFREE', name: 'All free', kind: 'PERCENT', ppm: 1_000_000 });
    const free = await checkoutFor(visitorToken('v-free'), [lineItem(guide.id)], { couponCode: 'ALLFREE' });
    const freeOrder = await send(
      visitorToken('v-free'),
      'POST',
      `/ecom/v1/checkouts/${free}/create-order`,
      {},
    );
    expect(
      (await send(owner, 'GET', `/admin-api/v1/orders/${freeOrder.json().orderId}`)).json().order
        .paymentStatus,
    ).toBe('PAID');

    const me = visitorToken('v-offline');
    const checkoutId = await checkoutFor(me, [lineItem(mug.id)]);
    const { orderId } = (
      await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: { type: 'OFFLINE' },
      })
    ).json();
    const unpaid = (await send(me, 'GET', `/ecom/v1/orders/${orderId}`)).json().order;
    expect(unpaid.paymentStatus).toBe('NOT_PAID');
    // Nothing paid yet: the whole total is due, for the buyer and in the merchant's list alike.
    expect(unpaid.balanceSummary).toMatchObject({
      paid: { amount: '0.00' },
      balance: { amount: unpaid.priceSummary.total.amount },
    });
    const listed = (await send(owner, 'GET', `/admin-api/v1/orders?search=${unpaid.number}`)).json().orders;
    expect(listed[0].balanceSummary).toEqual(unpaid.balanceSummary);
    const paid = (await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/mark-paid`, {})).json().order;
    expect(paid.balanceSummary).toMatchObject({
      paid: { amount: unpaid.priceSummary.total.amount },
      balance: { amount: '0.00' },
    });
    expect(paid).toMatchObject({
      paymentStatus: 'PAID',
      paidDate: now.toISOString(),
      payments: [expect.objectContaining({ provider: 'OFFLINE', status: 'CAPTURED' })],
    });
  });
});

describe('orders', () => {
  let orderId: string;
  let number: string;
  const me = memberToken('m-orders');

  it('buyers read their own orders only, with download links for paid digital lines', async () => {
    const checkoutId = await checkoutFor(me, [lineItem(guide.id), lineItem(mug.id)]);
    ({ orderId } = (
      await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: card(SANDBOX_CARDS.success[0]),
      })
    ).json());
    const order = (await send(me, 'GET', `/ecom/v1/orders/${orderId}`)).json().order;
    number = order.number;
    expect(Number(number)).toBeGreaterThanOrEqual(10001);
    expect(order).toMatchObject({
      buyerInfo: { memberId: 'm-orders', email: 'buyer@example.com' },
      priceSummary: { subtotal: { amount: '17.50' } },
    });
    expect(order.payments).toBeUndefined();
    const link = order.lineItems[0].downloads[0].url as string;
    expect(order.lineItems[1].downloads).toBeUndefined();
    const file = await t.app.inject(link.replace(t.config.publicUrl, ''));
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 the guide');
    expect(file.headers['content-disposition']).toContain('guide.pdf');
    // Change the signature's first character to a different one (a fixed replacement would leave one
    // signature in 64 untouched).
    const tampered = await t.app.inject(
      link
        .replace(t.config.publicUrl, '')
        .replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
    );
    expect(tampered.statusCode).toBe(403);
    now = new Date(now.getTime() + 25 * 3600_000);
    expect((await t.app.inject(link.replace(t.config.publicUrl, ''))).statusCode).toBe(403);

    expect((await send(visitorToken('v-stranger'), 'GET', `/ecom/v1/orders/${orderId}`)).statusCode).toBe(
      404,
    );
    const mine = (
      await send(me, 'POST', '/ecom/v1/orders/query', { query: { filter: { paymentStatus: 'PAID' } } })
    ).json();
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const unknownField = await send(me, 'POST', '/ecom/v1/orders/query', {
      query: { filter: { secret: 1 } },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().details.validationError.fieldViolations[0].field).toContain('secret');
  });

  it('merchants search by number and e-mail, fulfil, and cannot cancel a fulfilled order', async () => {
    const byNumber = (await send(owner, 'GET', `/admin-api/v1/orders?search=${number}`)).json();
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const byEmail = (
      await send(owner, 'GET', '/admin-api/v1/orders?search=BUYER@example&paymentStatus=PAID')
    ).json();
    expect(byEmail.metadata.total).toBeGreaterThanOrEqual(3);
    const fulfilled = (await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/fulfill`, {})).json().order;
    expect(fulfilled.fulfillmentStatus).toBe('FULFILLED');
    const cancel = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect((await send(me, 'POST', `/admin-api/v1/orders/${orderId}/fulfill`, {})).statusCode).toBe(403);
  });

  it('cancel returns stock and the gift card amount, and refunds the card', async () => {
    const buyer = visitorToken('v-cancel');
    const gift = await issueTestGiftCard(t.database.db, 1000);
    const checkoutId = await checkoutFor(buyer, [lineItem(mug.id, 3)], { giftCardCode: gift.code });
    const stockBefore = await stockOf(mug);
    const { orderId: id } = (
      await send(buyer, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: card(SANDBOX_CARDS.success[0]),
      })
    ).json();
    expect(await stockOf(mug)).toBe(stockBefore - 3);
    expect((await getGiftCard(t.database.db, gift.id)).balanceMinor).toBe(0);
    const canceled = (await send(owner, 'POST', `/admin-api/v1/orders/${id}/cancel`, {})).json().order;
    expect(canceled).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'REFUNDED',
      payments: [expect.objectContaining({ status: 'REFUNDED' })],
      // Card refunded, gift card given back: nothing kept, nothing due.
      balanceSummary: { paid: { amount: '0.00' }, balance: { amount: '0.00' } },
    });
    expect(await stockOf(mug)).toBe(stockBefore);
    expect((await getGiftCard(t.database.db, gift.id)).balanceMinor).toBe(1000);
    expect(
      (await send(owner, 'POST', `/admin-api/v1/orders/${id}/mark-paid`, {})).json().details.applicationError
        .code,
    ).toBe('ORDER_CANCELED');
  });

  it('a subscription line creates a subscription with its schedule', async () => {
    const buyer = visitorToken('v-sub');
    const refused = await send(buyer, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(coffee.id)],
    });
    expect(refused.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.subscriptionOptionId',
      violatedRule: 'REQUIRED_FIELD',
    });
    const checkoutId = await checkoutFor(buyer, [
      lineItem(coffee.id, 1, { subscriptionOptionId: 'monthly' }),
    ]);
    const checkout = (await send(buyer, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(checkout.lineItems[0]).toMatchObject({
      price: { amount: '16.20' },
      subscriptionOptionInfo: {
        subscriptionSettings: { frequency: 'MONTH', interval: 1, billingCycles: 12, autoRenewal: false },
        title: { original: 'Every month' },
      },
    });
    const placed = (
      await send(buyer, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: card(SANDBOX_CARDS.success[0]),
      })
    ).json();
    expect(placed.subscriptionId).toBeTruthy();
    const [subscription] = await queryRows<{
      next_billing_date: Date | string;
      billing_cycles: string;
      price_minor: string;
    }>(
      t.database.db,
      sql`SELECT next_billing_date, billing_cycles, price_minor FROM subscriptions WHERE id = ${placed.subscriptionId}`,
    );
    expect(new Date(subscription?.next_billing_date as string).toISOString()).toBe(
      new Date(now.getTime()).toISOString().replace(/^2026-04/, '2026-05'),
    );
    expect(Number(subscription?.price_minor)).toBe(1620);
  });
});
