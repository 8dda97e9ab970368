import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../../testing/index.js';
import { SANDBOX_CARDS } from '../../payments/providers/sandbox-card.provider.js';
import { listGiftCards } from '../../store-setup/promotions/gift-cards.service.js';
import type { OutgoingMail } from './order-mail.service.js';

let now = new Date('2026-06-01T08:00:00Z');
let t: TestApp;
let owner: string;
let giftCardProduct: TestProduct;
const sent: OutgoingMail[] = [];
let failNext = 0;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    random: () => 0.5,
    mailer: {
      async send(message) {
        if (failNext > 0) {
          failNext -= 1;
          throw new Error('SMTP server busy');
        }
        sent.push(message);
      },
    },
  });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  giftCardProduct = await createTestProduct(t.database.db, {
    name: 'Gift card $25',
    priceMinor: 2500,
    giftCard: true,
  });
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function order(visitor: string, paymentMethod?: object) {
  const token = visitorToken(visitor);
  await send(token, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    lineItems: [lineItem(giftCardProduct.id, 2)],
  });
  const { checkoutId } = (await send(token, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
  await send(token, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: { buyerInfo: { email: `${visitor}@example.com` } },
  });
  const placed = await send(
    token,
    'POST',
    `/ecom/v1/checkouts/${checkoutId}/create-order`,
    paymentMethod ? { paymentMethod } : {},
  );
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderId as string;
}

/** Runs the event dispatcher until nothing is due, moving the clock past retry delays. */
async function deliver() {
  for (let round = 0; round < 6; round++) {
    await t.app.dispatcher.runOnce();
    now = new Date(now.getTime() + 60_000);
  }
}

const codesIn = (mail: OutgoingMail | undefined) =>
  mail?.text.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/g) ?? [];

describe('order e-mails', () => {
  it('confirms the order and e-mails the codes of bought gift cards once, even when sending is retried', async () => {
    failNext = 2;
    await order('v-gift', {
      type: 'SANDBOX_CARD',
      card: { number: SANDBOX_CARDS.success[0], expMonth: 1, expYear: 2031, cvc: '999' },
    });
    await deliver();
    await deliver();
    const mine = sent.filter((mail) => mail.to === 'v-gift@example.com');
    expect(mine.map((mail) => mail.tags?.[0]).sort()).toEqual([
      'ecom.gift-card.codes',
      'ecom.order.confirmation',
    ]);
    const confirmation = mine.find((mail) => mail.tags?.includes('ecom.order.confirmation'));
    // The text part lays the lines out as columns: item, quantity, price, line total.
    expect(confirmation?.text).toMatch(/Gift card \$25\s+2\s+\$25\.00\s+\$50\.00/);
    expect(confirmation?.text).toMatch(/Total\s+\$50\.00/);
    const codes = codesIn(mine.find((mail) => mail.tags?.includes('ecom.gift-card.codes')));
    expect(codes).toHaveLength(2);
    const { giftCards } = await listGiftCards(t.database.db, { limit: 10, offset: 0 });
    expect(giftCards.map((card) => [card.balanceMinor, card.last4]).sort()).toEqual(
      codes.map((code) => [2500, code.replace(/-/g, '').slice(-4)]).sort(),
    );
    // A code works at checkout.
    const buyer = visitorToken('v-spender');
    await send(buyer, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(giftCardProduct.id)],
    });
    const { checkoutId } = (await send(buyer, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    const applied = await send(buyer, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      giftCardCode: codes[0],
    });
    expect(applied.statusCode).toBe(200);
  });

  it('an unpaid (offline) order gets its codes when the merchant marks it paid', async () => {
    const orderId = await order('v-offline-gift');
    await deliver();
    expect(
      sent
        .filter((mail) => mail.to === 'v-offline-gift@example.com')
        .map((mail) => mail.tags?.[0])
        .sort(),
    ).toEqual(['ecom.order.confirmation', 'ecom.order.payment-instructions']);
    await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/mark-paid`, {});
    await deliver();
    const codesMail = sent.find(
      (mail) => mail.to === 'v-offline-gift@example.com' && mail.tags?.includes('ecom.gift-card.codes'),
    );
    expect(codesIn(codesMail)).toHaveLength(2);
  });
});
