import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { createTestProduct, lineItem, setUpTestStore, shopperCheckout } from '../../../testing/ecom.js';
import { type FakeStripe, startFakeStripe } from '../../../testing/fake-stripe/index.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../../testing/index.js';
import { NEW_YORK_DELIVERY, sandboxCard } from '../../../testing/orders.js';

/*
 * Who takes card payments, chosen in the admin (issue #37 item 3, ADR 050): the sandbox or Stripe,
 * Stripe only when its keys are in the environment. The checkout offers and charges the chosen one
 * only (Stripe through the real `stripe` client against the local fake of its API).
 */
const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];

const providersCall = (t: TestApp, token: string, cardProvider?: string | null) =>
  t.app.inject({
    method: cardProvider === undefined ? 'GET' : 'PUT',
    url: '/admin-api/v1/payment-providers',
    headers: { authorization: token },
    ...(cardProvider === undefined ? {} : { payload: { cardProvider } }),
  });
const paymentSettings = async (t: TestApp) =>
  (await t.app.inject({ url: '/ecom/v1/payment-settings' })).json();

describe('without Stripe keys', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await merchantKey(t.database, 'owner');
  });
  afterAll(() => t?.close());

  it('takes cards with the sandbox, and refuses Stripe with a 400 naming the environment variables', async () => {
    expect((await providersCall(t, owner)).json().paymentProviders).toEqual({
      cardProvider: 'SANDBOX',
      isDefault: true,
      stripeConfigured: false,
      stripeEnvironment: STRIPE_VARS,
    });
    const refused = await providersCall(t, owner, 'STRIPE');
    expect(refused.statusCode, refused.body).toBe(400);
    const [violation] = refused.json().details.validationError.fieldViolations;
    expect(violation.field).toBe('cardProvider');
    for (const name of STRIPE_VARS) expect(violation.description).toContain(name);
    expect((await providersCall(t, owner)).json().paymentProviders.cardProvider).toBe('SANDBOX');
    expect((await paymentSettings(t)).cardProvider).toBe('SANDBOX_CARD');
  });

  it('keeps an explicit sandbox choice, changed by the owner only', async () => {
    const staff = await merchantKey(t.database, 'staff');
    expect((await providersCall(t, staff, 'SANDBOX')).statusCode).toBe(403);
    const chosen = await providersCall(t, owner, 'SANDBOX');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().paymentProviders).toMatchObject({ cardProvider: 'SANDBOX', isDefault: false });
    const back = await providersCall(t, owner, null);
    expect(back.json().paymentProviders).toMatchObject({ cardProvider: 'SANDBOX', isDefault: true });
  });
});

describe('with Stripe keys', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let owner: string;
  let mugId: string;
  let shoppers = 0;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ env: stripe.env });
    owner = await merchantKey(t.database, 'owner');
    await setUpTestStore(t.database.db);
    mugId = (await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 })).id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const pay = async (paymentMethod: object) => {
    const token = visitorToken(`v-card-provider-${++shoppers}`);
    const checkoutId = await shopperCheckout(t.app, token, [lineItem(mugId)], {
      checkout: {
        buyerInfo: { email: 'buyer@example.com' },
        shippingInfo: NEW_YORK_DELIVERY,
      },
    });
    return t.app.inject({
      method: 'POST',
      url: `/ecom/v1/checkouts/${checkoutId}/create-order`,
      headers: { authorization: token },
      payload: { paymentMethod },
    });
  };
  const providerOfOrder = async (orderId: string) =>
    (
      await queryRows<{ provider: string }>(
        t.database.db,
        sql`SELECT provider FROM payments WHERE order_id = ${orderId}`,
      )
    ).map((row) => row.provider);
  const stripeCard = { type: 'STRIPE', stripe: { paymentMethodId: 'pm_card_visa' } };

  it('takes cards with Stripe by default, and the shop is told so with its publishable key', async () => {
    expect((await providersCall(t, owner)).json().paymentProviders).toMatchObject({
      cardProvider: 'STRIPE',
      isDefault: true,
      stripeConfigured: true,
    });
    expect(await paymentSettings(t)).toMatchObject({
      cardProvider: 'STRIPE',
      stripe: { publishableKey: 'pk_test_openshelffake' },
    });
    const card = await pay(sandboxCard());
    expect(card.statusCode, card.body).toBe(400);
    const paid = await pay(stripeCard);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await providerOfOrder(paid.json().orderId)).toEqual(['STRIPE']);
  });

  it('switched to the sandbox: the shop offers the sandbox only, and Stripe is no longer charged', async () => {
    expect((await providersCall(t, owner, 'SANDBOX')).statusCode).toBe(200);
    const settings = await paymentSettings(t);
    expect(settings.cardProvider).toBe('SANDBOX_CARD');
    expect(settings.stripe).toBeUndefined();
    const intentsBefore = stripe.intents.size;
    const refused = await pay(stripeCard);
    expect(refused.statusCode, refused.body).toBe(400);
    const paid = await pay(sandboxCard());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await providerOfOrder(paid.json().orderId)).toEqual(['SANDBOX_CARD']);
    expect(stripe.intents.size).toBe(intentsBefore);
  });

  it('switched back to Stripe: the checkout charges Stripe again', async () => {
    const reply = await providersCall(t, owner, 'STRIPE');
    expect(reply.json().paymentProviders).toMatchObject({ cardProvider: 'STRIPE', isDefault: false });
    expect((await paymentSettings(t)).cardProvider).toBe('STRIPE');
    const intentsBefore = stripe.intents.size;
    const paid = await pay(stripeCard);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await providerOfOrder(paid.json().orderId)).toEqual(['STRIPE']);
    expect(stripe.intents.size).toBe(intentsBefore + 1);
    const events = await queryRows<{ payload: { cardProvider: string } }>(
      t.database.db,
      sql`SELECT payload FROM outbox_events WHERE type = 'store.settings.card_provider_changed' ORDER BY seq`,
    );
    expect(events.map((event) => event.payload.cardProvider)).toEqual(['SANDBOX', 'STRIPE']);
  });
});
