import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, createAdminClient, toMinorUnits } from '../src/index.js';
import { startSignedInAdmin } from './support/admin-client.js';
import { type AdminTestServer, placeOrder } from './support/admin-store.js';

// The admin client against a real server: orders, the dashboard and store set-up. Sign-in and the
// catalog: admin-client.test.ts.
let server: AdminTestServer;
let admin: AdminClient;

beforeAll(async () => {
  ({ server, admin } = await startSignedInAdmin());
});
afterAll(() => server?.close());

describe('admin client: orders and the dashboard', () => {
  it('finds orders by e-mail, marks one paid and fulfilled, and cancels another', async () => {
    const product = await admin.products.create({
      name: 'Enamel Mug',
      priceData: { price: 12.5 },
      visible: true,
      stock: { trackInventory: true, quantity: 5 },
    });
    const { orderId } = await placeOrder(server.t, product.id, 'ann@example.com');
    const second = await placeOrder(server.t, product.id, 'bob@example.com');

    const { orders } = await admin.orders.list({ search: 'ann@example' });
    expect(orders.map((o) => o.id)).toEqual([orderId]);
    expect(orders[0]?.createdDate).toBeInstanceOf(Date);
    expect((await admin.orders.list({ paymentStatus: 'NOT_PAID' })).orders).toHaveLength(2);

    expect((await admin.orders.markPaid(orderId)).paymentStatus).toBe('PAID');
    expect((await admin.orders.fulfill(orderId)).fulfillmentStatus).toBe('FULFILLED');
    expect((await admin.orders.cancel(second.orderId)).status).toBe('CANCELED');
    // Cancelling returned the stock.
    expect((await admin.products.get(product.id)).stock.quantity).toBe(4);

    // An offline order not paid yet: placed, owed in full, and no revenue until the money comes in.
    const unpaid = await placeOrder(server.t, product.id, 'cy@example.com');
    const owed = await admin.orders.get(unpaid.orderId);
    expect(toMinorUnits(owed.balanceSummary?.paid.amount ?? 'missing')).toBe(0);
    expect(owed.balanceSummary?.balance.amount).toBe(owed.priceSummary.total.amount);
    const paidTotal = (await admin.orders.get(orderId)).priceSummary.total.amount;
    expect((await admin.orders.get(orderId)).balanceSummary?.paid.amount).toBe(paidTotal);

    const sales = await admin.dashboard.sales({ days: 7 });
    expect(sales.orders).toBe(2);
    expect(sales.paidOrders).toBe(1);
    expect(sales.revenueMinor).toBe(toMinorUnits(paidTotal));
    expect(sales.awaitingPayment).toBe(1);
    expect(sales.days).toHaveLength(7);
    expect(sales.days.at(-1)).toMatchObject({ orders: 2, revenueMinor: toMinorUnits(paidTotal) });
    expect(sales.topProducts[0]).toMatchObject({ name: 'Enamel Mug', quantity: 1 });
    // Net sales: what the line sold for after discounts, before tax (New York's tax is not sales).
    const paidLine = (await admin.orders.get(orderId)).lineItems[0];
    expect(Number(paidLine?.taxDetails.totalTax.amount)).toBeGreaterThan(0);
    expect(sales.topProducts[0]?.revenueMinor).toBe(toMinorUnits(paidLine?.totalPriceBeforeTax.amount ?? ''));

    // A refund takes its amount off the revenue: the dashboard counts money kept, not money once taken.
    await admin.orders.refund({ orderId, paymentRefunds: [{ amount: '2.50' }] });
    expect((await admin.orders.get(orderId)).balanceSummary?.refunded.amount).toBe('2.50');
    const net = await admin.dashboard.sales({ days: 7 });
    expect(net.revenueMinor).toBe(toMinorUnits(paidTotal) - 250);
    expect(net.days.at(-1)?.revenueMinor).toBe(toMinorUnits(paidTotal) - 250);
    expect(net.paidOrders).toBe(1);
    const low = await admin.dashboard.lowStock();
    expect(low.map((p) => p.name)).toEqual([]);
  });

  it("counts partly refunded orders in top products, less the units refunded, and agrees with the orders' figures", async () => {
    const product = await admin.products.create({
      name: 'Walnut Board',
      priceData: { price: 20 },
      visible: true,
    });
    // Two boards, paid, one of them refunded (with its tax); one board, paid, $1 given back as a goodwill amount.
    const two = await placeOrder(server.t, product.id, 'eve@example.com', undefined, 2);
    const one = await placeOrder(server.t, product.id, 'fay@example.com');
    await admin.orders.markPaid(two.orderId);
    await admin.orders.markPaid(one.orderId);
    const twoLine = (await admin.orders.get(two.orderId)).lineItems[0];
    if (!twoLine) throw new Error('no line');
    await admin.orders.refund({
      orderId: two.orderId,
      details: { items: [{ lineItemId: twoLine.id, quantity: 1 }] },
    });
    await admin.orders.refund({ orderId: one.orderId, paymentRefunds: [{ amount: '1.00' }] });
    const refundedTwo = await admin.orders.get(two.orderId);
    expect(refundedTwo.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect((await admin.orders.get(one.orderId)).paymentStatus).toBe('PARTIALLY_REFUNDED');

    const sales = await admin.dashboard.sales({ days: 7 });
    const board = sales.topProducts.find((entry) => entry.productId === product.id);
    // Net sales before tax and shipping: two boards sold, one refunded; the goodwill amount is not a line's.
    const twoNet = toMinorUnits(twoLine.totalPriceBeforeTax.amount);
    const oneNet = toMinorUnits(
      (await admin.orders.get(one.orderId)).lineItems[0]?.totalPriceBeforeTax.amount ?? '',
    );
    expect(board).toMatchObject({
      name: 'Walnut Board',
      quantity: 2,
      revenueMinor: twoNet - twoNet / 2 + oneNet,
    });

    // The revenue is what the orders' own figures say the store kept (net paid, or paid when nothing came back).
    const { orders } = await admin.orders.list({ limit: 100 });
    const kept = orders
      .filter((order) => order.status !== 'CANCELED')
      .map((order) => {
        const net = order.figures.find((row) => row.kind === 'NET');
        if (net) return toMinorUnits(net.amount.amount);
        return order.figures
          .filter((row) => row.kind === 'PAID')
          .reduce((sum, row) => sum + toMinorUnits(row.amount.amount), 0);
      });
    expect(sales.revenueMinor).toBe(kept.reduce((sum, minor) => sum + minor, 0));
  });

  it('refunds part of an order, ships a line with tracking, edits and deletes it, and adds a note', async () => {
    const product = await admin.products.create({
      name: 'Linen Towel',
      priceData: { price: 9 },
      visible: true,
    });
    const { orderId } = await placeOrder(server.t, product.id, 'dee@example.com');
    await admin.orders.markPaid(orderId);
    const line = (await admin.orders.get(orderId)).lineItems[0];
    if (!line) throw new Error('no line');

    const preview = await admin.orders.refund({
      orderId,
      paymentRefunds: [{ amount: '2.50' }],
      dryRun: true,
    });
    expect(preview.refund.amount.amount).toBe('2.50');
    expect(preview.orderTransactions.refunds).toEqual([]);
    const { refund, orderTransactions } = await admin.orders.refund({
      orderId,
      paymentRefunds: [{ amount: '2.50' }],
    });
    expect(refund.createdDate).toBeInstanceOf(Date);
    expect(orderTransactions.refunds).toHaveLength(1);
    expect((await admin.orders.transactions(orderId)).payments[0]?.refundedAmount.amount).toBe('2.50');
    expect((await admin.orders.get(orderId)).paymentStatus).toBe('PARTIALLY_REFUNDED');

    const [shipment] = await admin.orders.createFulfillment(orderId, {
      lineItems: [{ id: line.id, quantity: 1 }],
      trackingInfo: {
        shippingProvider: 'UPS',
        trackingNumber: '1Z1',
        trackingLink: 'https://ups.example.com/1Z1',
      },
    });
    expect(shipment?.createdDate).toBeInstanceOf(Date);
    const [edited] = await admin.orders.updateFulfillment(orderId, shipment?.id ?? '', {
      trackingInfo: { trackingNumber: '1Z2' },
    });
    expect(edited?.trackingInfo).toEqual({ trackingNumber: '1Z2' });
    expect(await admin.orders.deleteFulfillment(orderId, shipment?.id ?? '')).toEqual([]);
    const noted = await admin.orders.addNote(orderId, 'Called the buyer');
    expect(noted.activities?.at(-1)).toMatchObject({ type: 'MERCHANT_COMMENT', message: 'Called the buyer' });
  });

  it('converts decimal strings to minor units exactly', () => {
    expect([
      toMinorUnits('12.50'),
      toMinorUnits('0.1'),
      toMinorUnits('-3'),
      toMinorUnits('1.005', 2),
    ]).toEqual([1250, 10, -300, 101]);
  });
});

describe('admin client: store set-up', () => {
  it('issues a gift card whose code is shown once, and disables it', async () => {
    const expiresAt = new Date('2031-01-31T23:59:59Z');
    const { giftCard, code } = await admin.giftCards.issue({ initialBalance: '25.00', expiresAt });
    expect(code.length).toBeGreaterThanOrEqual(8);
    expect(giftCard.expiresAt).toEqual(expiresAt);
    expect((await admin.giftCards.get(giftCard.id)).giftCard.createdDate).toBeInstanceOf(Date);
    expect(giftCard.obfuscatedCode.endsWith(code.replace(/[^A-Za-z0-9]/g, '').slice(-4))).toBe(true);
    const listed = (await admin.giftCards.list()).giftCards.find((g) => g.id === giftCard.id);
    expect(JSON.stringify(listed)).not.toContain(code);
    expect((await admin.giftCards.disable(giftCard.id)).disabled).toBe(true);
  });

  it('creates coupons, shipping regions, pickup locations and tax regions, and changes settings', async () => {
    const coupon = await admin.coupons.create({
      code: 'WELCOME5',
      name: 'Welcome',
      kind: 'AMOUNT',
      amount: '5',
    });
    expect(coupon.createdDate).toBeInstanceOf(Date);
    const [listed] = (await admin.coupons.list({ code: 'welcome5' })).coupons;
    expect(listed?.id).toBe(coupon.id);
    expect(listed?.updatedDate).toBeInstanceOf(Date);
    await expect(
      admin.coupons.create({ code: 'welcome5', name: 'Again', kind: 'AMOUNT', amount: 1 }),
    ).rejects.toMatchObject({
      status: 409,
    });

    const region = await admin.shippingRegions.create({
      name: 'Canada',
      destinations: ['CA'],
      rates: [{ code: 'std', title: 'Standard', kind: 'FLAT', amount: '9.00' }],
    });
    expect((await admin.shippingRegions.update(region.id, { name: 'Canada (all)' })).name).toBe(
      'Canada (all)',
    );
    const pickup = await admin.pickupLocations.create({
      code: 'depot',
      title: 'Depot',
      method: 'PICKUP_POINT',
      address: { country: 'US', city: 'Austin' },
    });
    expect((await admin.pickupLocations.list()).map((p) => p.id)).toContain(pickup.id);
    const tax = await admin.taxRegions.create({
      country: 'US',
      subdivision: 'US-OR',
      rates: [{ jurisdiction: 'Oregon', jurisdictionType: 'STATE', rate: '0' }],
    });
    await admin.taxRegions.delete(tax.id);
    await expect(admin.taxRegions.get(tax.id)).rejects.toMatchObject({ status: 404 });

    const settings = await admin.settings.update({ checkoutHoldMinutes: 45, weightUnit: 'LB' });
    expect(settings).toMatchObject({ checkoutHoldMinutes: 45, weightUnit: 'LB' });
    expect(settings.updatedDate).toBeInstanceOf(Date);
    const plan = await admin.membershipPlans.create({ name: 'Club', credits: 3 });
    expect((await admin.membershipPlans.list()).map((p) => p.name)).toContain(plan.name);
  });

  it('manages webhooks and API keys', async () => {
    expect(await admin.webhooks.eventTypes()).toContain('ecom.order.created');
    const { webhook, secret } = await admin.webhooks.create({
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['ecom.order.updated'],
    });
    expect(await admin.webhooks.secret(webhook.id)).toBe(secret);
    expect(webhook.createdDate).toBeInstanceOf(Date);
    expect((await admin.webhooks.update(webhook.id, { enabled: false })).enabled).toBe(false);
    expect((await admin.webhooks.deliveries(webhook.id)).metadata.total).toBe(0);
    await admin.webhooks.delete(webhook.id);

    const { apiKey, secret: keySecret } = await admin.apiKeys.create('Warehouse sync', 'app');
    const app = createAdminClient({ baseUrl: server.baseUrl, apiKey: keySecret });
    expect((await app.products.list()).metadata.total).toBeGreaterThan(0);
    expect((await admin.apiKeys.revoke(apiKey.id)).revokedDate).toBeInstanceOf(Date);
    await expect(app.products.list()).rejects.toMatchObject({ status: 401 });
  });
});
