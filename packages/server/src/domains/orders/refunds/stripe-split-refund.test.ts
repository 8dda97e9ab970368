import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestGiftCard, lineItem, shopperCheckout } from '../../../testing/ecom.js';
import type { FakeStripe } from '../../../testing/fake-stripe/index.js';
import { type StripeTestStore, startStripeTestStore } from '../../../testing/fake-stripe/store.js';
import { type TestApp, visitorToken } from '../../../testing/index.js';
import { getGiftCard } from '../../store-setup/promotions/gift-cards.service.js';

// A refund across two payments, a gift card and a Stripe card (issue #22): when Stripe fails the card's
// part, nothing is recorded — the gift card is not credited, no refund row, no status — and the retry
// gives each part back exactly once.
let stripe: FakeStripe;
let t: TestApp;
let owner: string;
let store: StripeTestStore;
beforeAll(async () => {
  store = await startStripeTestStore();
  ({ stripe, t, owner } = store);
});
afterAll(() => store.close());

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

describe('a refund across a gift card and a card', () => {
  it('the card part failing leaves everything as it was; the retry returns each part once', async () => {
    const card = await issueTestGiftCard(t.database.db, 1000);
    const me = visitorToken('v-split');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(store.mug.id, 2)], {
      giftCardCode: card.code,
    });
    const prepared = (await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {})).json();
    await stripe.confirmInBrowser(prepared.paymentIntentId, prepared.clientSecret, '4242424242424242');
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: prepared.paymentIntentId } },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().orderId as string;
    expect((await getGiftCard(t.database.db, card.id)).balanceMinor).toBe(0);
    const charge = () =>
      stripe.charges.get(stripe.intents.get(prepared.paymentIntentId)?.latest_charge ?? '');
    const cardPaid = charge()?.amount ?? 0;
    const total = ((cardPaid + 1000) / 100).toFixed(2);

    const refund = () =>
      send(owner, 'POST', '/ecom/v1/order-billing/refund-payments', {
        orderId,
        paymentRefunds: [{ amount: total }],
      });
    stripe.failNextRefunds(1);
    const failed = await refund();
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().details.applicationError.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await getGiftCard(t.database.db, card.id)).balanceMinor).toBe(0);
    expect(charge()?.amount_refunded).toBe(0);
    const before = (await send(owner, 'GET', `/ecom/v1/payments/orders/${orderId}`)).json().orderTransactions;
    expect(before.refunds).toEqual([]);
    expect(before.refundable.amount.amount).toBe(total);
    expect((await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order.paymentStatus).toBe(
      'PAID',
    );

    const retried = await refund();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund.giftCardAmount.amount).toBe('10.00');
    expect((await getGiftCard(t.database.db, card.id)).balanceMinor).toBe(1000);
    expect(charge()?.amount_refunded).toBe(cardPaid);
    // Nothing is left to give back, so a third try cannot return the gift card's part again.
    const again = await refund();
    expect(again.statusCode).toBe(409);
    expect((await getGiftCard(t.database.db, card.id)).balanceMinor).toBe(1000);
    const after = (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
    expect(after.paymentStatus).toBe('FULLY_REFUNDED');
  });
});
