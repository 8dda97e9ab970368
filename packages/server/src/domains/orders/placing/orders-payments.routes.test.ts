import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { issueTestGiftCard, lineItem, type TestProduct } from '../../../testing/ecom.js';
import { createTestApp, type TestApp, visitorToken } from '../../../testing/index.js';
import { sandboxCard as card, createOrdersTestStore, orderRouteHelpers } from '../../../testing/orders.js';
import { savedPaymentMethods } from '../../payments/payments.schema.js';
import { SANDBOX_CARDS } from '../../payments/providers/sandbox-card.provider.js';
import { createCoupon, getCoupon } from '../../store-setup/promotions/coupons.service.js';
import { getGiftCard } from '../../store-setup/promotions/gift-cards.service.js';

// Paying for an order: declined, delayed capture, free and offline. Reading, fulfilling, cancelling
// orders and subscriptions: orders.routes.test.ts.
const now = new Date('2026-04-01T09:00:00Z');
let t: TestApp;
let owner: string;
let mug: TestProduct;
let guide: TestProduct;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ owner, mug, guide } = await createOrdersTestStore(t));
});
afterAll(() => t.close());

const { send, checkoutFor, stockOf } = orderRouteHelpers(() => t.app);

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
