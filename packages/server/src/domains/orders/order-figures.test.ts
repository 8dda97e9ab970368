import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  type TestProduct,
} from '../../testing/ecom.js';
import {
  createTestApp,
  merchantKey,
  type TestApp,
  testDatabaseKind,
  visitorToken,
} from '../../testing/index.js';
import { NEW_YORK_DELIVERY, sandboxCard } from '../../testing/orders.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.js';

/*
 * Issue #37 item 2: one source for every figure. For the same order (a coupon, a gift card, a card
 * payment, then a partial refund) the checkout, the buyer's order, the confirmation e-mail's text part,
 * the admin order and the admin customer print the same rows and amounts, the gift card included, and
 * the rows add up. Once per store currency (the store has one, STORE_CURRENCY): USD, EUR and JPY —
 * the yen has no minor unit, so every figure is whole yen, rounded once, and printed without decimals.
 */

interface Figure {
  kind: string;
  label: string;
  amount: { amount: string; formattedAmount: string };
}

/** Digits after the decimal point, as the currency has them (and as the API must print them). */
const DIGITS: Record<string, number> = { USD: 2, EUR: 2, JPY: 0 };
let digits = 2;
/** An amount in the currency's minor units (cents; yen are their own minor unit). */
const cents = (amount: string) => Math.round(Number(amount) * 10 ** digits);
const sum = (figures: Figure[], kinds: string[]) =>
  figures.filter((f) => kinds.includes(f.kind)).reduce((total, f) => total + cents(f.amount.amount), 0);
/** Each figure as its currency writes it: whole yen, cents otherwise, and the currency's own sign. */
function expectWrittenIn(currency: string, figures: Figure[]) {
  const decimal = digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`);
  const printed =
    digits === 0
      ? /^−?¥[\d,]+$/
      : new RegExp(`^−?${currency === 'EUR' ? '€' : '\\$'}[\\d,]+\\.\\d{${digits}}$`);
  for (const figure of figures) {
    expect(figure.amount.amount, figure.label).toMatch(decimal);
    expect(figure.amount.formattedAmount, figure.label).toMatch(printed);
  }
}
const row = (figures: Figure[], kind: string) => {
  const found = figures.find((figure) => figure.kind === kind);
  if (!found) throw new Error(`no ${kind} row in ${JSON.stringify(figures)}`);
  return found;
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SUMMARY = ['SUBTOTAL', 'DISCOUNT', 'SHIPPING', 'FEES', 'TAX'];

describe.each(['USD', 'EUR', 'JPY'])(
  `figures agree on every surface (%s, ${testDatabaseKind()})`,
  (currency) => {
    let now = new Date('2026-10-01T09:00:00Z');
    let t: TestApp;
    let smtp: TestSmtpServer;
    let owner: string;
    let mug: TestProduct;
    let lamp: TestProduct;
    const buyer = `figures-${currency.toLowerCase()}@example.com`;
    const token = visitorToken(`figures-${currency}`);

    beforeAll(async () => {
      digits = DIGITS[currency] ?? 2;
      smtp = await startTestSmtpServer();
      t = await createTestApp({
        clock: () => now,
        env: { SMTP_URL: smtp.url, STORE_NAME: 'Harbor Goods', STORE_CURRENCY: currency },
      });
      await setUpTestStore(t.database.db);
      owner = await merchantKey(t.database);
      mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 }, currency);
      lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 }, currency);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, auth: string, payload?: object) => {
      const reply = await t.app.inject({
        method,
        url,
        headers: { authorization: auth },
        ...(payload ? { payload } : {}),
      });
      expect(reply.statusCode, `${method} ${url}: ${reply.body}`).toBe(200);
      return reply.json();
    };

    async function deliver() {
      for (let round = 0; round < 4; round++) {
        await t.app.dispatcher.runOnce();
        now = new Date(now.getTime() + 60_000);
      }
    }

    it('checkout, button amount, order, e-mail, admin order and customer print the same figures', async () => {
      const giftCard = await issueTestGiftCard(t.database.db, 2000, currency);
      await call('POST', '/ecom/v1/carts/current/add-to-cart', token, {
        lineItems: [lineItem(mug.id, 2), lineItem(lamp.id, 1)],
      });
      const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', token, {});
      await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, token, {
        checkout: { buyerInfo: { email: buyer }, shippingInfo: NEW_YORK_DELIVERY },
        couponCode: 'SAVE10',
        giftCardCode: giftCard.code,
      });
      const { checkout } = await call('GET', `/ecom/v1/checkouts/${checkoutId}`, token);
      const before: Figure[] = checkout.figures;
      const last4 = giftCard.code.slice(-4);
      expectWrittenIn(currency, before);

      // The checkout's rows: each discount named, the gift card and the amount due (the button's amount).
      expect(before.map((f) => f.kind)).toEqual([
        'SUBTOTAL',
        'DISCOUNT',
        'SHIPPING',
        'TAX',
        'TOTAL',
        'GIFT_CARD',
        'DUE_NOW',
      ]);
      expect(row(before, 'DISCOUNT').label).toBe('Coupon SAVE10');
      expect(row(before, 'GIFT_CARD').label).toBe(`Gift card ••••${last4}`);
      expect(cents(row(before, 'GIFT_CARD').amount.amount)).toBe(-2000);
      expect(row(before, 'GIFT_CARD').amount.formattedAmount).toMatch(/^−/);
      expect(sum(before, SUMMARY)).toBe(cents(row(before, 'TOTAL').amount.amount));
      expect(sum(before, ['TOTAL', 'GIFT_CARD'])).toBe(cents(row(before, 'DUE_NOW').amount.amount));
      expect(row(before, 'TOTAL').amount).toEqual(checkout.priceSummary.total);
      expect(row(before, 'DUE_NOW').amount.amount).toBe(checkout.payNow.total.amount);
      expect(-sum(before, ['DISCOUNT'])).toBe(cents(checkout.priceSummary.discount.amount));

      const { orderId } = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, token, {
        paymentMethod: sandboxCard(),
      });
      await deliver();

      // The buyer's order: the same summary, then paid by gift card and by card, nothing due.
      const { order } = await call('GET', `/ecom/v1/orders/${orderId}`, token);
      const placed: Figure[] = order.figures;
      expectWrittenIn(currency, placed);
      const summaryOf = (figures: Figure[]) => figures.filter((f) => [...SUMMARY, 'TOTAL'].includes(f.kind));
      expect(summaryOf(placed)).toEqual(summaryOf(before));
      const paidRows = placed.filter((f) => f.kind === 'PAID');
      expect(paidRows.map((f) => f.label)).toEqual([
        `Paid by gift card ••••${last4}`,
        'Paid by Visa ••••4242',
      ]);
      expect(paidRows.map((f) => f.amount.amount)).toEqual([
        row(before, 'GIFT_CARD').amount.amount.replace('-', ''),
        row(before, 'DUE_NOW').amount.amount,
      ]);
      expect(sum(placed, ['PAID'])).toBe(cents(row(placed, 'TOTAL').amount.amount));
      expect(placed.some((f) => f.kind === 'BALANCE')).toBe(false);
      // Lines are priced before discounts, so they add up to the subtotal the rows print.
      const lineSum = order.lineItems.reduce(
        (total: number, line: { lineItemPrice: { amount: string } }) =>
          total + cents(line.lineItemPrice.amount),
        0,
      );
      expect(lineSum).toBe(cents(row(placed, 'SUBTOTAL').amount.amount));

      // The confirmation e-mail's text part prints every row, in order, label then amount.
      const mail = await smtp.waitFor((m) => m.to.includes(buyer) && /received/.test(m.subject));
      const pattern = placed
        .map((f) => `${escapeRegExp(f.label)}\\s+${escapeRegExp(f.amount.formattedAmount)}`)
        .join('[\\s\\S]*');
      expect(mail.text).toMatch(new RegExp(pattern));
      for (const line of order.lineItems)
        expect(mail.text).toMatch(
          new RegExp(
            `${escapeRegExp(line.productName.original)}\\s+${line.quantity}\\s+\\S+\\s+${escapeRegExp(line.lineItemPrice.formattedAmount)}`,
          ),
        );

      // A partial refund: one mug, as the refund form offers it.
      const admin = async () => (await call('GET', `/admin-api/v1/orders/${orderId}`, owner)).order;
      const mugLine = order.lineItems.find(
        (line: { productName: { original: string } }) => line.productName.original === 'Mug',
      );
      const refunded = await call('POST', '/ecom/v1/order-billing/refund-payments', owner, {
        orderId,
        details: { items: [{ lineItemId: mugLine.id, quantity: 1 }], reason: 'Chipped' },
      });
      const refundMinor = cents(refunded.refund.amount.amount);
      expect(refundMinor).toBeGreaterThan(0);

      const after = await admin();
      const figures: Figure[] = after.figures;
      expectWrittenIn(currency, figures);
      expect(summaryOf(figures)).toEqual(summaryOf(before));
      expect(figures.filter((f) => f.kind === 'PAID')).toEqual(paidRows);
      // The order's payments list names each card payment in the words of its "Paid by" row.
      const { orderTransactions } = await call('GET', `/ecom/v1/payments/orders/${orderId}`, owner);
      expect(orderTransactions.payments.map((p: { method: string }) => `Paid by ${p.method}`)).toEqual(
        paidRows.slice(1).map((f) => f.label),
      );
      expect(cents(row(figures, 'REFUNDED').amount.amount)).toBe(-refundMinor);
      expect(cents(row(figures, 'NET').amount.amount)).toBe(sum(figures, ['PAID']) - refundMinor);
      // The protocol's balance summary says the same.
      expect(cents(after.balanceSummary.paid.amount)).toBe(sum(figures, ['PAID']));
      expect(cents(after.balanceSummary.refunded.amount)).toBe(refundMinor);
      // The buyer reads the same rows as the merchant.
      expect((await call('GET', `/ecom/v1/orders/${orderId}`, token)).order.figures).toEqual(figures);

      // The customer: what was paid (not $0 after a partial refund), refunded and net, as the order says.
      const { customer } = await call('GET', `/admin-api/v1/customers/${encodeURIComponent(buyer)}`, owner);
      expect(cents(customer.totalPaid.amount)).toBe(sum(figures, ['PAID']));
      expect(cents(customer.totalRefunded.amount)).toBe(refundMinor);
      expect(cents(customer.totalNet.amount)).toBe(cents(row(figures, 'NET').amount.amount));
      expect(customer.totalPaid.currency).toBe(currency);
      // Whole yen for a yen store, cents otherwise.
      expect(customer.totalPaid.amount).toMatch(digits === 0 ? /^\d+$/ : /^\d+\.\d{2}$/);
    });

    it('a shipping coupon: the shipping a refund offers is what the order says was paid for it', async () => {
      const orderToken = visitorToken(`shipfree-${currency}`);
      await call('POST', '/ecom/v1/carts/current/add-to-cart', orderToken, {
        lineItems: [lineItem(mug.id, 1)],
      });
      const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', orderToken, {});
      await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, orderToken, {
        checkout: { buyerInfo: { email: `ship-${buyer}` }, shippingInfo: NEW_YORK_DELIVERY },
        couponCode: 'SHIPFREE',
      });
      const { orderId } = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, orderToken, {
        paymentMethod: sandboxCard(),
      });
      const order = (await call('GET', `/admin-api/v1/orders/${orderId}`, owner)).order;
      const { orderTransactions } = await call('GET', `/ecom/v1/payments/orders/${orderId}`, owner);
      // Free shipping: nothing was paid for it, so a refund offers nothing for it (it offered $4.36).
      expect(cents(orderTransactions.refundable.shipping.amount)).toBe(0);
      expect(cents(order.shippingInfo.paid.amount)).toBe(0);
      expect(row(order.figures, 'DISCOUNT')).toMatchObject({ label: 'Coupon SHIPFREE' });
      expect(cents(row(order.figures, 'DISCOUNT').amount.amount)).toBe(
        -cents(row(order.figures, 'SHIPPING').amount.amount),
      );
    });

    it('a customer refunded in part still shows what they paid, the refund and the net', async () => {
      const email = `partial-${buyer}`;
      const orderToken = visitorToken(`partial-${currency}`);
      await call('POST', '/ecom/v1/carts/current/add-to-cart', orderToken, {
        lineItems: [lineItem(lamp.id, 2)],
      });
      const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', orderToken, {});
      await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, orderToken, {
        checkout: { buyerInfo: { email }, shippingInfo: NEW_YORK_DELIVERY },
      });
      const { orderId } = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, orderToken, {
        paymentMethod: sandboxCard(),
      });
      const placed = (await call('GET', `/admin-api/v1/orders/${orderId}`, owner)).order;
      await call('POST', '/ecom/v1/order-billing/refund-payments', owner, {
        orderId,
        details: { items: [{ lineItemId: placed.lineItems[0].id, quantity: 1 }] },
      });
      const order = (await call('GET', `/admin-api/v1/orders/${orderId}`, owner)).order;
      expect(order.paymentStatus).toBe('PARTIALLY_REFUNDED');
      const { customer } = await call('GET', `/admin-api/v1/customers/${encodeURIComponent(email)}`, owner);
      // It said "Paid $0.00": only orders still PAID counted.
      expect(customer.totalPaid.amount).toBe(order.balanceSummary.paid.amount);
      expect(customer.totalRefunded.amount).toBe(order.balanceSummary.refunded.amount);
      expect(cents(customer.totalNet.amount)).toBe(
        cents(order.balanceSummary.paid.amount) - cents(order.balanceSummary.refunded.amount),
      );
    });
  },
);
