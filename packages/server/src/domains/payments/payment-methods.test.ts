import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import {
  createTestProduct,
  lineItem,
  setUpTestStore,
  shopperCheckout,
  type TestProduct,
} from '../../testing/ecom.js';
import { createTestApp, memberToken, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { SANDBOX_CARDS } from './providers/sandbox-card.provider.js';

let t: TestApp;
let mug: TestProduct;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const card = (number: string) => ({
  type: 'SANDBOX_CARD',
  card: { number, expMonth: 12, expYear: 2099, cvc: '123' },
});
const select = (token: string, checkoutId: string, body: object) =>
  send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/select-payment-method`, body);
// Exactly what the public @wix/ecom createOrder sends: no payment method of ours.
const protocolCreateOrder = (token: string, checkoutId: string) =>
  send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, { id: checkoutId });
const orderOf = async (orderId: string) =>
  (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;

describe('a payment method chosen on the checkout, for protocol clients', () => {
  it('a card chosen before create-order pays it; only the gateway token is stored', async () => {
    const me = visitorToken('v-select-card');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id, 2)]);
    const chosen = await select(me, checkoutId, { paymentMethod: card(SANDBOX_CARDS.success[0]) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().paymentMethod).toEqual({
      type: 'CARD_TOKEN',
      card: { brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2099 },
      savePaymentMethod: false,
      delayCapture: false,
    });
    const [stored] = await queryRows<{ selection: string }>(
      t.database.db,
      sql`SELECT payment_selection::text AS selection FROM checkouts WHERE id = ${checkoutId}`,
    );
    expect(stored?.selection).toContain('tok_sandbox_');
    expect(stored?.selection).not.toContain(SANDBOX_CARDS.success[0]);

    const created = await protocolCreateOrder(me, checkoutId);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().paymentGatewayOrderId).toMatch(/^sbx_/);
    const order = await orderOf(created.json().orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.payments).toEqual([
      expect.objectContaining({ status: 'CAPTURED', amount: expect.objectContaining({ amount: '25.00' }) }),
    ]);
  });

  it('a declining card is refused at create-order (402), a malformed one at selection (400), a completed checkout 409', async () => {
    const me = visitorToken('v-select-decline');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const bad = await select(me, checkoutId, { paymentMethod: card('4242424242424241') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'paymentMethod.card.number',
      violatedRule: 'FORMAT',
    });
    expect((await select(me, checkoutId, { paymentMethod: card(SANDBOX_CARDS.declined) })).statusCode).toBe(
      200,
    );
    const declined = await protocolCreateOrder(me, checkoutId);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().details.applicationError).toMatchObject({
      code: 'PAYMENT_DECLINED',
      data: { reason: 'CARD_DECLINED' },
    });
    expect((await select(me, checkoutId, { paymentMethod: { type: 'OFFLINE' } })).statusCode).toBe(200);
    const offline = await protocolCreateOrder(me, checkoutId);
    expect(offline.statusCode).toBe(200);
    expect((await orderOf(offline.json().orderId)).paymentStatus).toBe('NOT_PAID');
    const late = await select(me, checkoutId, { paymentMethod: card(SANDBOX_CARDS.success[0]) });
    expect(late.statusCode).toBe(409);
    expect(late.json().details.applicationError.code).toBe('CHECKOUT_ALREADY_COMPLETED');
  });

  it("another shopper's checkout is a 404", async () => {
    const checkoutId = await shopperCheckout(t.app, visitorToken('v-select-owner'), [lineItem(mug.id)]);
    const other = await select(visitorToken('v-select-other'), checkoutId, {
      paymentMethod: { type: 'OFFLINE' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("a member's saved payment methods", () => {
  const ann = memberToken('m-ann-pay');
  const bob = memberToken('m-bob-pay');

  it('a saved card is listed for its member only, pays a later checkout, and can be deleted', async () => {
    const first = await shopperCheckout(t.app, ann, [lineItem(mug.id)]);
    await select(ann, first, { paymentMethod: card(SANDBOX_CARDS.success[1]), savePaymentMethod: true });
    expect((await protocolCreateOrder(ann, first)).statusCode).toBe(200);

    const listed = await send(ann, 'GET', '/ecom/v1/payment-methods');
    expect(listed.statusCode).toBe(200);
    const methods = listed.json().paymentMethods;
    expect(methods).toEqual([
      expect.objectContaining({
        provider: 'SANDBOX_CARD',
        brand: 'MASTERCARD',
        last4: '4444',
        expYear: 2099,
      }),
    ]);
    expect(JSON.stringify(methods)).not.toContain('tok_');
    expect((await send(bob, 'GET', '/ecom/v1/payment-methods')).json()).toEqual({ paymentMethods: [] });
    expect((await send(visitorToken('v-pay'), 'GET', '/ecom/v1/payment-methods')).statusCode).toBe(403);
    expect((await send(bob, 'DELETE', `/ecom/v1/payment-methods/${methods[0].id}`)).statusCode).toBe(404);

    // Bob cannot choose Ann's saved card; Ann can.
    const bobs = await shopperCheckout(t.app, bob, [lineItem(mug.id)]);
    const stolen = await select(bob, bobs, {
      paymentMethod: { type: 'SAVED_METHOD', savedPaymentMethodId: methods[0].id },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details.validationError.fieldViolations[0].field).toBe(
      'paymentMethod.savedPaymentMethodId',
    );
    const second = await shopperCheckout(t.app, ann, [lineItem(mug.id, 3)]);
    const reused = await select(ann, second, {
      paymentMethod: { type: 'SAVED_METHOD', savedPaymentMethodId: methods[0].id },
    });
    expect(reused.json().paymentMethod).toMatchObject({
      type: 'SAVED_METHOD',
      savedPaymentMethodId: methods[0].id,
    });
    const paid = await protocolCreateOrder(ann, second);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderOf(paid.json().orderId)).paymentStatus).toBe('PAID');

    expect((await send(ann, 'DELETE', `/ecom/v1/payment-methods/${methods[0].id}`)).statusCode).toBe(200);
    expect((await send(ann, 'GET', '/ecom/v1/payment-methods')).json()).toEqual({ paymentMethods: [] });
  });
});
