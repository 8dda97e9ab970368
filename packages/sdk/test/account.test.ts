import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../server/src/testing/ecom.js';
import { setSettings } from '../../server/src/testing/identity.js';
import { createClient, type OpenshelfClient } from '../src/client.js';
import { ApplicationError, ValidationError } from '../src/errors.js';
import {
  mailedCode,
  mailedMessages,
  type SdkServer,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  startServer,
} from './harness.js';

// The account-side calls against a real server: password recovery and change, ending the session, a new
// verification code, subscriptions, saved payment methods and the hosted-page lookup.

let server: SdkServer;
let coffee: TestProduct;

beforeAll(async () => {
  server = await startServer();
  await setUpTestStore(server.t.database.db);
  coffee = await createTestProduct(server.t.database.db, {
    name: 'Coffee beans',
    priceMinor: 1800,
    subscriptionOptions: {
      oneTimePurchase: true,
      subscriptions: [
        {
          id: 'weekly',
          title: 'Every 2 weeks',
          visible: true,
          frequency: 'WEEK',
          interval: 2,
          billingCycles: 0,
          discount: { type: 'PERCENT', value: 0 },
        },
      ],
    },
  });
});
afterAll(() => server.close());

const email = () => `sdk-${randomBytes(4).toString('hex')}@example.com`;
const PASSWORD = 'correct horse 42';
const NEW_PASSWORD = 'battery staple 43';
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

const newClient = (): OpenshelfClient =>
  createClient({ baseUrl: server.baseUrl, clientId: server.clientId, redirectUri: SHOP_CALLBACK });

async function signedInMember(address = email()) {
  const client = newClient();
  const result = await client.auth.register({ email: address, password: PASSWORD });
  if (result.loginState !== 'SUCCESS') throw new Error(`register ended in ${result.loginState}`);
  await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
  return { client, address };
}

/** Buys the coffee on its fortnightly plan with a card; returns the order id. */
async function subscribe(client: OpenshelfClient, options: { saveCard?: boolean } = {}): Promise<string> {
  await client.currentCart.addToCart({
    lineItems: [
      {
        catalogReference: { catalogItemId: coffee.id, options: { subscriptionOptionId: 'weekly' } },
        quantity: 1,
      },
    ],
  });
  const { checkoutId } = await client.currentCart.createCheckout({ channelType: 'WEB' });
  await client.checkout.update(checkoutId, { buyerInfo: { email: 'buyer@example.com' } });
  const chosen = await client.checkout.selectPaymentMethod(
    checkoutId,
    { type: 'SANDBOX_CARD', card: CARD },
    { savePaymentMethod: options.saveCard ?? false },
  );
  expect(chosen).toMatchObject({ type: 'CARD_TOKEN', card: { last4: '4242' } });
  // No paymentMethod here: the one chosen on the checkout pays.
  const { orderId } = await client.checkout.createOrder(checkoutId);
  expect((await client.orders.get(orderId)).paymentStatus).toBe('PAID');
  return orderId;
}

describe('auth account calls', () => {
  it('sets a new password from the e-mailed recovery link', async () => {
    const { address } = await signedInMember();
    await newClient().auth.sendPasswordResetEmail(address, `${SHOP_ORIGIN}/reset-password`);
    const link = /(https?:\/\/\S*reset-password\?token=\S+)/.exec(
      (await mailedMessages(server, address))[0]?.text ?? '',
    )?.[1];
    const recoveryToken = new URL(link ?? 'http://x').searchParams.get('token') ?? '';
    expect(recoveryToken).not.toBe('');

    const client = newClient();
    const result = await client.auth.recoverPassword({ recoveryToken, password: NEW_PASSWORD });
    expect(result.loginState).toBe('SUCCESS');
    if (result.loginState === 'SUCCESS')
      await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
    expect((await client.members.getCurrentMember()).email.address).toBe(address);
    expect((await newClient().auth.login({ email: address, password: PASSWORD })).loginState).toBe('FAILURE');
  });

  it('changes the password: the old one stops working, the new one logs in', async () => {
    const { client, address } = await signedInMember();
    await expect(client.auth.changePassword('short')).rejects.toBeInstanceOf(ValidationError);
    await client.auth.changePassword(NEW_PASSWORD);
    expect((await newClient().auth.login({ email: address, password: PASSWORD })).loginState).toBe('FAILURE');
    expect((await newClient().auth.login({ email: address, password: NEW_PASSWORD })).loginState).toBe(
      'SUCCESS',
    );
  });

  it('ends the session on the server: the old tokens stop working, and ending it again is fine', async () => {
    const { client } = await signedInMember();
    const tokens = client.auth.getTokens();
    await client.auth.endSession();
    expect(client.auth.getTokens()).toBeUndefined();
    const stale = createClient({ baseUrl: server.baseUrl, ...(tokens ? { tokens } : {}) });
    await expect(stale.members.getCurrentMember()).rejects.toBeInstanceOf(ApplicationError);
    await stale.auth.endSession();
  });

  it('e-mails a new verification code for a pending sign-up', async () => {
    await setSettings(server.t, server.ownerKey, { requireEmailVerification: true });
    try {
      const client = newClient();
      const address = email();
      const result = await client.auth.register({ email: address, password: PASSWORD });
      expect(result.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      await mailedCode(server, address);
      await client.auth.resendVerificationCode();
      expect(await mailedMessages(server, address, 2)).toHaveLength(2);
      const second = await mailedCode(server, address);
      const verified = await client.auth.processVerification({ verificationCode: second });
      expect(verified.loginState).toBe('SUCCESS');
    } finally {
      await setSettings(server.t, server.ownerKey, { requireEmailVerification: false });
    }
  });
});

describe('captcha settings', () => {
  it('reads the store’s captcha mode anonymously, as the owner sets it', async () => {
    const anonymous = createClient({ baseUrl: server.baseUrl });
    expect(await anonymous.auth.getCaptchaSettings()).toMatchObject({ mode: 'off' });
    await setSettings(server.t, server.ownerKey, { captchaMode: 'visible' });
    try {
      const settings = await anonymous.auth.getCaptchaSettings();
      expect(settings.mode).toBe('visible');
      expect(settings.challengeUrl).toMatch(/\/_api\/iam\/captcha\/v1\/challenge$/);
    } finally {
      await setSettings(server.t, server.ownerKey, { captchaMode: 'off' });
    }
  });
});

describe('subscriptions', () => {
  it('lists and cancels the buyer’s own; other buyers see none and cannot cancel them', async () => {
    const { client } = await signedInMember();
    const orderId = await subscribe(client);
    const [subscription] = await client.subscriptions.list();
    expect(subscription).toMatchObject({ orderId, status: 'ACTIVE', planId: 'weekly', cyclesBilled: 1 });
    expect(subscription?.nextBillingDate).toBeInstanceOf(Date);

    const other = (await signedInMember()).client;
    expect(await other.subscriptions.list()).toEqual([]);
    await expect(other.subscriptions.cancel(subscription!.id)).rejects.toMatchObject({ status: 404 });

    const canceled = await client.subscriptions.cancel(subscription!.id);
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.canceledDate).toBeInstanceOf(Date);
    await expect(client.subscriptions.cancel(subscription!.id)).rejects.toMatchObject({ status: 409 });
  });

  it('works for a visitor too', async () => {
    const visitor = newClient();
    const orderId = await subscribe(visitor);
    expect(await visitor.subscriptions.list()).toEqual([expect.objectContaining({ orderId })]);
  });
});

describe('saved payment methods', () => {
  it('lists the card saved at checkout and deletes it; visitors are refused', async () => {
    const { client } = await signedInMember();
    await subscribe(client, { saveCard: true });
    const [card, ...rest] = await client.paymentMethods.list();
    expect(rest).toEqual([]);
    expect(card).toMatchObject({ last4: '4242', expMonth: 12, expYear: 2099 });
    expect(card?.createdDate).toBeInstanceOf(Date);

    await expect((await signedInMember()).client.paymentMethods.delete(card!.id)).rejects.toMatchObject({
      status: 404,
    });
    await client.paymentMethods.delete(card!.id);
    expect(await client.paymentMethods.list()).toEqual([]);
    await expect(newClient().paymentMethods.list()).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a malformed card when it is chosen, naming the field', async () => {
    const client = newClient();
    await client.currentCart.addToCart({
      lineItems: [{ catalogReference: { catalogItemId: coffee.id }, quantity: 1 }],
    });
    const { checkoutId } = await client.currentCart.createCheckout({ channelType: 'WEB' });
    const refused = client.checkout.selectPaymentMethod(checkoutId, {
      type: 'SANDBOX_CARD',
      card: { ...CARD, number: '1234' },
    });
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('hosted pages', () => {
  it("opens a login redirect session's URL once, as the app's visitor; the flow is theirs alone", async () => {
    const app = newClient();
    const { fullUrl } = await app.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: `${SHOP_ORIGIN}/welcome` },
    });
    const session = new URL(fullUrl).searchParams.get('session') ?? '';
    // A browser that never saw the store: no token of its own.
    const page = createClient({ baseUrl: server.baseUrl, clientId: server.clientId });
    const { flow, tokens } = await page.redirects.enterHostedPage(session, server.clientId);
    expect(flow).toMatchObject({ kind: 'login', callbacks: { postFlowUrl: `${SHOP_ORIGIN}/welcome` } });
    expect(tokens?.refreshToken.role).toBe('visitor');
    page.auth.setTokens(tokens as NonNullable<typeof tokens>);
    expect(await page.redirects.getHostedFlow(flow.id)).toEqual(flow);
    // The link works once: a second browser gets a 410 naming the way back.
    const other = createClient({ baseUrl: server.baseUrl, clientId: server.clientId });
    await expect(other.redirects.enterHostedPage(session, server.clientId)).rejects.toMatchObject({
      status: 410,
      code: 'REDIRECT_SESSION_USED',
      data: { backUrl: `${SHOP_ORIGIN}/welcome` },
    });
    await expect(other.redirects.getHostedFlow(flow.id)).rejects.toMatchObject({ status: 404 });
  });
});
