import { checkout, currentCart } from '@wix/ecom';
import { createClient as createWixClient, OAuthStrategy } from '@wix/sdk';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import {
  createClient,
  mailboxCode,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  uniqueEmail,
} from '../../testing/identity.js';
import { memberToken, merchantKey, type TestApp } from '../../testing/index.js';
import { createTestPlan, sandboxCard } from '../../testing/orders.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import type { OutgoingMail } from '../orders/emails/order-mail.service.js';
import { orders } from '../orders/orders.schema.js';
import { sandboxCharges } from '../payments/payments.schema.js';
import { STORES_APP_ID } from '../pricing/lines/line.types.js';

// A plan bought as a line of an ecom checkout, as Wix's headless pricing-plans "Buy now" does it: the
// unchanged public @wix/ecom client sends `checkout.createCheckout` with the Pricing Plans line, then the
// order is placed from that checkout (card or pay later). The order, e-mail and membership are those of a
// plan bought on its own (ADR 028, amended); visitors must log in; once-per-buyer plans sell once even
// to parallel orders.
let restoreFetch: () => void = () => {};
let t: TestApp;
let base: string;
let clientId: string;
let owner: string;
let mug: TestProduct;
const sent: OutgoingMail[] = [];

const PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';

beforeAll(async () => {
  ({ t, base } = await listeningTestApp({
    mailer: {
      async send(message) {
        sent.push(message);
      },
    },
  }));
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  ({ clientId } = await createClient(t, owner));
  restoreFetch = routeWixSdkTo(base);
});

afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const send = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });

const createPlan = (fields: Record<string, unknown>) =>
  createTestPlan(t.app, owner, { productIds: [mug.id], ...fields });

/** The line Wix's headless `Plan.Action.BuyNow` sends, exactly. */
const buyNowLine = (planId: string, pricingVariantId: string = planId, quantity = 1) => ({
  quantity,
  catalogReference: {
    appId: PLANS_APP_ID,
    catalogItemId: planId,
    options: { type: 'PLAN', planOptions: { pricingVariantId } },
  },
});

/** A shopper as a headless app has one: OAuthStrategy visitor tokens, the public ecom modules. */
async function visitor() {
  const auth = OAuthStrategy({ clientId });
  auth.setTokens(await auth.generateVisitorTokens());
  const wix = createWixClient({ auth, modules: { checkout, currentCart } });
  return { auth, wix, token: () => auth.getTokens().accessToken.value };
}

/** Signs the shopper up and in through the public client (sign-up, e-mailed code, login, member tokens). */
async function logIn(shopper: Awaited<ReturnType<typeof visitor>>, email = uniqueEmail('plan')) {
  const { auth } = shopper;
  const password = 'correct horse 1';
  const registered = await auth.register({ email, password });
  if (registered.loginState === 'EMAIL_VERIFICATION_REQUIRED')
    await auth.processVerification({ verificationCode: await mailboxCode(t, email) });
  const loggedIn = await auth.login({ email, password });
  const sessionToken = (loggedIn as unknown as { data: { sessionToken: string } }).data.sessionToken;
  const oauthData = auth.generateOAuthData(SHOP_CALLBACK, `${SHOP_ORIGIN}/plans`);
  const { authUrl } = await auth.getAuthUrl(oauthData, { prompt: 'none', sessionToken } as Parameters<
    typeof auth.getAuthUrl
  >[1]);
  const page = await fetch(authUrl, { redirect: 'manual' });
  const { code, state } = auth.parseFromUrl(page.headers.get('location') as string);
  const tokens = await auth.getMemberTokens(code as string, state as string, oauthData);
  auth.setTokens(tokens);
  return { email, memberId: decodeJwt(tokens.accessToken.value).mid as string };
}

async function member() {
  const shopper = await visitor();
  return { ...shopper, ...(await logIn(shopper)) };
}

/** The sandbox card chosen for the checkout (the protocol's createOrder names no payment method). */
async function chooseCard(token: string, checkoutId: string) {
  const chosen = await send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/select-payment-method`, {
    paymentMethod: sandboxCard(),
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
}

const membershipsOf = async (token: string) =>
  (await send(token, 'GET', '/_api/plans/v1/memberships')).json().memberships as {
    id: string;
    planId: string;
    orderId?: string;
    expiresAt?: string;
    remainingCredits?: number;
  }[];

const orderOf = async (token: string, orderId: string) =>
  (await send(token, 'GET', `/ecom/v1/orders/${orderId}`)).json().order;

async function deliver() {
  for (let round = 0; round < 3; round++) await t.app.dispatcher.runOnce();
}

/**
 * The field violations a public-client call was refused with (it must be a 400), as the wire names them:
 * the client prefixes the fields of its `options` argument with `options.`.
 */
async function violationsOf(call: Promise<unknown>) {
  const error = await call.then(
    (value) => expect.fail(`expected a 400, got ${JSON.stringify(value)}`),
    (thrown: unknown) =>
      thrown as {
        status: number;
        details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } };
      },
  );
  expect(error.status).toBe(400);
  return error.details.validationError.fieldViolations.map(({ field, violatedRule }) => ({
    field: field.replace(/^options\./, ''),
    violatedRule,
  }));
}

describe('a plan bought through an ecom checkout (the public client)', () => {
  it('a member pays by card: the plan line, the ordinary confirmation, the membership at once', async () => {
    const plan = await createPlan({ name: 'Mug club', price: '19.99', credits: 2, durationDays: 30 });
    const buyer = await member();
    const created = await buyer.wix.checkout.createCheckout({
      lineItems: [buyNowLine(plan.id)],
      channelType: checkout.ChannelType.WEB,
    });
    const line = created.lineItems?.[0];
    expect(line).toMatchObject({
      quantity: 1,
      catalogReference: {
        appId: PLANS_APP_ID,
        catalogItemId: plan.id,
        options: { type: 'PLAN', planOptions: { pricingVariantId: plan.id } },
      },
      productName: { original: 'Mug club' },
      itemType: { preset: 'SERVICE' },
      physicalProperties: { shippable: false },
      membersOnly: true,
      fixedQuantity: true,
      price: { amount: '19.99' },
    });
    expect(line?.descriptionLines?.[0]?.plainText?.original).toBe('2 credits · 30 days');
    // The same totals engine as a plan bought on its own: the member's other purchase costs the same.
    const alone = await send(memberToken('m-alone'), 'POST', `/_api/plans/v1/plans/${plan.id}/purchase`, {
      buyerEmail: 'alone@example.com',
    });
    const aloneTotal = (await orderOf(memberToken('m-alone'), alone.json().orderId)).priceSummary.total
      .amount;
    expect(created.priceSummary?.total?.amount).toBe(aloneTotal);
    expect(created.buyerInfo?.memberId).toBe(buyer.memberId);

    await chooseCard(buyer.token(), created._id as string);
    const { orderId } = await buyer.wix.checkout.createOrder(created._id as string, {});
    const order = await orderOf(buyer.token(), orderId as string);
    expect(order).toMatchObject({
      paymentStatus: 'PAID',
      buyerInfo: { memberId: buyer.memberId },
      priceSummary: { total: { amount: '19.99' } },
    });
    expect(order.lineItems).toHaveLength(1);
    expect(order.lineItems[0]).toMatchObject({
      productName: { original: 'Mug club' },
      catalogReference: { appId: PLANS_APP_ID, catalogItemId: plan.id },
      itemType: { preset: 'SERVICE' },
    });
    const memberships = await membershipsOf(buyer.token());
    expect(memberships).toEqual([expect.objectContaining({ planId: plan.id, orderId, remainingCredits: 2 })]);
    await deliver();
    const mail = sent.filter((message) => message.to === buyer.email);
    expect(mail.map((message) => message.tags)).toContainEqual(['ecom.order.confirmation']);
    expect(mail.find((message) => message.tags?.includes('ecom.order.confirmation'))?.text).toMatch(
      /Mug club[\s\S]*\$19\.99/,
    );
  });

  it('pay later: the membership waits until the merchant marks the order paid; cancelling ends it', async () => {
    const plan = await createPlan({ name: 'Pay later club', price: '7.50' });
    const buyer = await member();
    const created = await buyer.wix.checkout.createCheckout({
      lineItems: [buyNowLine(plan.id)],
      channelType: checkout.ChannelType.WEB,
    });
    const { orderId } = await buyer.wix.checkout.createOrder(created._id as string, {});
    expect((await orderOf(buyer.token(), orderId as string)).paymentStatus).toBe('NOT_PAID');
    expect(await membershipsOf(buyer.token())).toEqual([]);
    const paid = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/mark-paid`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await deliver();
    const granted = await membershipsOf(buyer.token());
    expect(granted).toEqual([expect.objectContaining({ planId: plan.id, orderId })]);
    expect(granted[0]?.expiresAt).toBeUndefined();
    const canceled = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    await deliver();
    expect((await membershipsOf(buyer.token()))[0]?.expiresAt).toEqual(expect.any(String));
  });

  it('a free plan needs no payment: the order is paid and the membership there at once', async () => {
    const plan = await createPlan({ name: 'Free club', price: '0' });
    const buyer = await member();
    const created = await buyer.wix.checkout.createCheckout({
      lineItems: [buyNowLine(plan.id)],
      channelType: checkout.ChannelType.WEB,
    });
    expect(created.priceSummary?.total?.amount).toBe('0.00');
    const { orderId } = await buyer.wix.checkout.createOrder(created._id as string, {});
    expect((await orderOf(buyer.token(), orderId as string)).paymentStatus).toBe('PAID');
    expect(await membershipsOf(buyer.token())).toEqual([
      expect.objectContaining({ planId: plan.id, orderId }),
    ]);
  });

  it('a visitor may hold the plan line, is refused the order, and buys it once logged in', async () => {
    const plan = await createPlan({ name: 'Visitor club', price: '5.00' });
    const shopper = await visitor();
    const created = await shopper.wix.checkout.createCheckout({
      lineItems: [buyNowLine(plan.id)],
      channelType: checkout.ChannelType.WEB,
    });
    const checkoutId = created._id as string;
    expect(created.lineItems?.[0]?.membersOnly).toBe(true);
    await shopper.wix.checkout.updateCheckout(checkoutId, {
      buyerInfo: { email: 'visitor-plan@example.com' },
    });
    const refused = await shopper.wix.checkout.createOrder(checkoutId, {}).then(
      () => expect.fail('a visitor bought a plan'),
      (error: unknown) => error as { status: number; details: { applicationError: { code: string } } },
    );
    expect(refused.status).toBe(403);
    expect(refused.details.applicationError.code).toBe('MEMBER_LOGIN_REQUIRED');
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(kept).toBeUndefined();

    // Logged in from that visitor, the member places the same checkout by card: it becomes theirs.
    const { memberId } = await logIn(shopper);
    await chooseCard(shopper.token(), checkoutId);
    const { orderId } = await shopper.wix.checkout.createOrder(checkoutId, {});
    expect((await orderOf(shopper.token(), orderId as string)).buyerInfo.memberId).toBe(memberId);
    expect(await membershipsOf(shopper.token())).toEqual([
      expect.objectContaining({ planId: plan.id, orderId }),
    ]);
  });

  it('a once-per-buyer plan sells once to two parallel orders: one order, one membership, one charge', async () => {
    const plan = await createPlan({ name: 'Trial', price: '9.99', maxPurchasesPerBuyer: 1 });
    const buyer = await member();
    const make = async () =>
      (
        await buyer.wix.checkout.createCheckout({
          lineItems: [buyNowLine(plan.id)],
          channelType: checkout.ChannelType.WEB,
        })
      )._id as string;
    const checkouts = [await make(), await make()];
    for (const id of checkouts) await chooseCard(buyer.token(), id);
    const placed = await Promise.allSettled(checkouts.map((id) => buyer.wix.checkout.createOrder(id, {})));
    expect(placed.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = placed.findIndex((outcome) => outcome.status === 'rejected');
    const reason = (placed[loser] as PromiseRejectedResult).reason as {
      status: number;
      details: { applicationError: { code: string } };
    };
    expect(reason.status).toBe(409);
    expect(reason.details.applicationError.code).toBe('PLAN_ALREADY_PURCHASED');
    expect((await membershipsOf(buyer.token())).filter((m) => m.planId === plan.id)).toHaveLength(1);
    const mine = await t.database.db.select().from(orders).where(eq(orders.memberId, buyer.memberId));
    expect(mine).toHaveLength(1);
    // The loser kept no money: its charge was never made, or was given back.
    const loserCharges = await t.database.db
      .select({ status: sandboxCharges.status })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.checkoutId, checkouts[loser] as string));
    expect(loserCharges.filter((charge) => charge.status === 'succeeded')).toEqual([]);

    // Bought: a new checkout with the plan is refused at once; another member may buy it.
    const again = await buyer.wix.checkout
      .createCheckout({ lineItems: [buyNowLine(plan.id)], channelType: checkout.ChannelType.WEB })
      .then(
        () => expect.fail('the plan was sold twice'),
        (error: unknown) => error as { status: number; details: { applicationError: { code: string } } },
      );
    expect(again.status).toBe(409);
    expect(again.details.applicationError.code).toBe('PLAN_ALREADY_PURCHASED');
    const other = await member();
    const theirs = await other.wix.checkout.createCheckout({
      lineItems: [buyNowLine(plan.id)],
      channelType: checkout.ChannelType.WEB,
    });
    await chooseCard(other.token(), theirs._id as string);
    expect((await other.wix.checkout.createOrder(theirs._id as string, {})).orderId).toEqual(
      expect.any(String),
    );
  });

  it('refuses an unknown or retired plan, another pricing variant, quantity 2 and a wrong type, naming the field', async () => {
    const plan = await createPlan({ name: 'Gold', price: '12.00' });
    const retired = await createPlan({ name: 'Retired', price: '1.00', active: false });
    const { wix } = await member();
    const create = (line: object) =>
      violationsOf(wix.checkout.createCheckout({ lineItems: [line], channelType: checkout.ChannelType.WEB }));
    const at = 'lineItems[0].catalogReference';
    expect(await create(buyNowLine('no-such-plan'))).toEqual([
      expect.objectContaining({ field: `${at}.catalogItemId`, violatedRule: 'VALIDATION' }),
    ]);
    expect(await create(buyNowLine(retired.id))).toEqual([
      expect.objectContaining({ field: `${at}.catalogItemId`, violatedRule: 'VALIDATION' }),
    ]);
    expect(await create(buyNowLine(plan.id, 'another-variant'))).toEqual([
      expect.objectContaining({
        field: `${at}.options.planOptions.pricingVariantId`,
        violatedRule: 'VALIDATION',
      }),
    ]);
    expect(await create(buyNowLine(plan.id, plan.id, 2))).toEqual([
      expect.objectContaining({ field: 'lineItems[0].quantity', violatedRule: 'MAX' }),
    ]);
    const typed = buyNowLine(plan.id);
    expect(
      await create({
        ...typed,
        catalogReference: { ...typed.catalogReference, options: { type: 'PRODUCT' } },
      }),
    ).toEqual([expect.objectContaining({ field: `${at}.options.type`, violatedRule: 'INVALID_ENUM_VALUE' })]);
    // The headless component sends no planOptions yet: the plan's one price is taken.
    const bare = await wix.checkout.createCheckout({
      lineItems: [
        {
          quantity: 1,
          catalogReference: { appId: PLANS_APP_ID, catalogItemId: plan.id, options: { type: 'PLAN' } },
        },
      ],
      channelType: checkout.ChannelType.WEB,
    });
    expect(bare.priceSummary?.total?.amount).toBe('12.00');
    // Nor can the quantity be raised later.
    const raised = await violationsOf(
      wix.checkout.updateLineItemsQuantity(bare._id as string, [
        { _id: bare.lineItems?.[0]?._id as string, quantity: 2 },
      ]),
    );
    expect(raised).toEqual([
      expect.objectContaining({ field: 'lineItems[0].quantity', violatedRule: 'MAX' }),
    ]);
  });

  it('keeps a plan on its own: not with products in a checkout, and not in a cart', async () => {
    const plan = await createPlan({ name: 'Alone', price: '3.00' });
    const { wix } = await member();
    const product = { quantity: 1, catalogReference: { appId: STORES_APP_ID, catalogItemId: mug.id } };
    expect(
      await violationsOf(
        wix.checkout.createCheckout({
          lineItems: [buyNowLine(plan.id), product],
          channelType: checkout.ChannelType.WEB,
        }),
      ),
    ).toEqual([expect.objectContaining({ field: 'lineItems', violatedRule: 'VALIDATION' })]);
    const planOnly = await wix.checkout.createCheckout({
      lineItems: [buyNowLine(plan.id)],
      channelType: checkout.ChannelType.WEB,
    });
    expect(
      await violationsOf(wix.checkout.addToCheckout(planOnly._id as string, { lineItems: [product] })),
    ).toEqual([expect.objectContaining({ field: 'lineItems', violatedRule: 'VALIDATION' })]);
    expect(
      await violationsOf(wix.currentCart.addToCurrentCart({ lineItems: [buyNowLine(plan.id)] })),
    ).toEqual([
      expect.objectContaining({ field: 'lineItems[0].catalogReference.appId', violatedRule: 'VALIDATION' }),
    ]);
    // A plan's options on a product are named, not kept.
    const planOptionsOnProduct = {
      ...product,
      catalogReference: { ...product.catalogReference, options: { type: 'PLAN' } },
    };
    expect(
      await violationsOf(wix.currentCart.addToCurrentCart({ lineItems: [planOptionsOnProduct] })),
    ).toEqual([
      expect.objectContaining({
        field: 'lineItems[0].catalogReference.options.type',
        violatedRule: 'FIELD_NOT_ALLOWED',
      }),
    ]);
  });
});
