import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, shopperCheckout } from '../../testing/ecom.js';
import {
  createClient,
  memberTokens,
  pkcePair,
  registerMember,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  setSettings,
  uniqueEmail,
  visitorTokens,
} from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';

const PUBLIC_URL = 'https://store.example';
let t: TestApp;
let clientId: string;
let visitor: string;
let checkoutId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  const owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  await setSettings(t, owner, { requireEmailVerification: false });
  visitor = (await visitorTokens(t, clientId)).access_token;
  await setUpTestStore(t.database.db);
  const mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  checkoutId = await shopperCheckout(t.app, visitor, [lineItem(mug.id)]);
});
afterAll(() => t.close());

const create = (
  payload: Record<string, unknown>,
  authorization = visitor,
  url = '/_api/redirects-api/v1/redirect-session',
) => t.app.inject({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} });

describe('redirect sessions', () => {
  it('points ecomCheckout at the hosted checkout page, carrying only the session token, on both paths', async () => {
    for (const url of ['/_api/redirects-api/v1/redirect-session', '/v1/redirect-session']) {
      const reply = await create(
        {
          ecomCheckout: { checkoutId },
          callbacks: { postFlowUrl: `${SHOP_ORIGIN}/`, thankYouPageUrl: `${SHOP_ORIGIN}/thanks` },
        },
        visitor,
        url,
      );
      expect(reply.statusCode, reply.body).toBe(200);
      const { redirectSession } = reply.json();
      expect(redirectSession).toMatchObject({
        id: expect.any(String),
        shortId: expect.any(String),
        sessionToken: expect.stringMatching(/^osrs_/),
        urlDetails: { endpoint: `${PUBLIC_URL}/checkout/${checkoutId}` },
      });
      // The page reads the callbacks the server verified, never ones from its URL (anyone can edit it).
      expect(redirectSession.urlDetails.searchParams).toEqual({ session: redirectSession.sessionToken });
      const short = await t.app.inject(`/r/${redirectSession.shortId}`);
      expect(short.statusCode).toBe(302);
      expect(short.headers.location).toBe(redirectSession.fullUrl);
    }
  });

  it("refuses an ecomCheckout session for a checkout that does not exist or is not the caller's (404)", async () => {
    const other = (await visitorTokens(t, clientId)).access_token;
    for (const [id, token] of [
      ['no-such-checkout', visitor],
      [checkoutId, other],
      [checkoutId, ''],
    ] as const) {
      const reply = await create({ ecomCheckout: { checkoutId: id } }, token);
      expect(reply.statusCode, reply.body).toBe(404);
      expect(reply.json().details.applicationError.code).toBe('CHECKOUT_NOT_FOUND');
    }
  });

  it('builds auth (authorize URL), login, storesProduct and callbacks sessions', async () => {
    const { challenge } = pkcePair();
    const auth = await create({
      auth: {
        authRequest: {
          clientId,
          redirectUri: SHOP_CALLBACK,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: 's',
        },
        prompt: 'login',
      },
    });
    expect(auth.json().redirectSession.urlDetails.endpoint).toBe(`${PUBLIC_URL}/oauth2/authorize`);
    expect(auth.json().redirectSession.urlDetails.searchParams).toMatchObject({
      client_id: clientId,
      redirect_uri: SHOP_CALLBACK,
      prompt: 'login',
      code_challenge: challenge,
    });
    const login = await create({ login: {}, callbacks: { postFlowUrl: `${SHOP_ORIGIN}/account` } });
    expect(login.json().redirectSession.urlDetails.endpoint).toBe(`${PUBLIC_URL}/login`);
    const product = await create({
      storesProduct: { productSlug: 'blue mug' },
      preferences: { additionalQueryParameters: { utm_source: 'news' } },
    });
    expect(product.json().redirectSession.fullUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/products/blue%20mug\\?.*utm_source=news`),
    );
    const back = await create({ callbacks: { postFlowUrl: `${SHOP_ORIGIN}/home` } });
    expect(back.json().redirectSession.fullUrl).toBe(`${SHOP_ORIGIN}/home`);
  });

  it('never turns a request into a kind it did not name', async () => {
    // A kind this store does not know is refused by name, even beside callbacks (never a callbacks session).
    // The members account is `memberAccountPage` (the platform's name); `membersAccount` is no kind.
    for (const payload of [
      { membersAccount: { section: 'ORDERS' }, callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` } },
      { giftCardsCheckout: {} },
    ]) {
      const reply = await create(payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      const [violation] = reply.json().details.validationError.fieldViolations;
      expect(violation).toMatchObject({
        field: Object.keys(payload)[0],
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
    }
  });

  it('ends the member session when the browser follows a logout session, and returns to postFlowUrl', async () => {
    const { sessionToken } = await registerMember(t, { email: uniqueEmail() });
    const member = await memberTokens(t, { clientId, sessionToken });
    const reply = await create(
      { logout: { clientId }, callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` } },
      member.access_token,
    );
    const logoutUrl = new URL(reply.json().redirectSession.fullUrl);
    expect(logoutUrl.pathname).toBe('/oauth2/logout');
    const me = () =>
      t.app.inject({
        url: '/_api/iam/identity/v1/identities/me',
        headers: { authorization: member.access_token },
      });
    expect((await me()).statusCode).toBe(200);
    const followed = await t.app.inject(logoutUrl.pathname + logoutUrl.search);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${SHOP_ORIGIN}/`);
    expect((await me()).statusCode).toBe(401);
  });

  it('refuses callback URLs that are not registered for the client (open redirects)', async () => {
    for (const postFlowUrl of [
      'https://evil.example/',
      'javascript:alert(1)',
      `${SHOP_ORIGIN}.evil.example/`,
    ]) {
      const reply = await create({ ecomCheckout: { checkoutId }, callbacks: { postFlowUrl } });
      expect(reply.statusCode, postFlowUrl).toBe(400);
      expect(reply.json().details.validationError.fieldViolations[0].field).toBe('callbacks.postFlowUrl');
    }
    const auth = await create({
      auth: { authRequest: { clientId, redirectUri: 'https://evil.example/cb' } },
    });
    expect(auth.json().details.validationError.fieldViolations[0].field).toBe('auth.authRequest.redirectUri');
    // Without a client (no token) only this store's own pages are allowed.
    expect((await create({ callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` } }, '')).statusCode).toBe(400);
    expect((await create({ callbacks: { postFlowUrl: `${PUBLIC_URL}/thanks` } }, '')).statusCode).toBe(200);
  });

  it('answers kinds this store has no feature for with a clear 400, and wants exactly one intent', async () => {
    for (const kind of ['bookingsCheckout', 'bookingsBook', 'eventsCheckout']) {
      const reply = await create({ [kind]: {} });
      expect(reply.statusCode, kind).toBe(400);
      expect(reply.json().details.applicationError).toMatchObject({
        code: 'FAILED_PRECONDITION',
        data: { intent: kind },
      });
    }
    const two = await create({ login: {}, ecomCheckout: { checkoutId: 'c' } });
    expect(two.json().details.validationError.fieldViolations[0].violatedRule).toBe('ONE_OF_ALIGNMENT');
    expect((await create({ ecomCheckout: {} })).json().details.validationError.fieldViolations[0].field).toBe(
      'ecomCheckout.checkoutId',
    );
    expect((await create({})).statusCode).toBe(400);
  });

  it('points paidPlansCheckout at the plan checkout of a plan on sale, planListUrl verified like the others', async () => {
    const owner = await merchantKey(t.database);
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/membership-plans',
      headers: { authorization: owner },
      payload: { membershipPlan: { name: 'Gold', price: '10.00' } },
    });
    const planId = created.json().membershipPlan.id;
    const reply = await create({
      paidPlansCheckout: { planId, checkoutData: 'opaque' },
      callbacks: { planListUrl: `${SHOP_ORIGIN}/plans`, thankYouPageUrl: `${SHOP_ORIGIN}/thanks` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().redirectSession.urlDetails.endpoint).toBe(`${PUBLIC_URL}/plan-checkout/${planId}`);
    const missing = await create({ paidPlansCheckout: {} });
    expect(missing.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'paidPlansCheckout.planId',
      violatedRule: 'REQUIRED_FIELD',
    });
    const unknown = await create({ paidPlansCheckout: { planId: 'no-such-plan' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details.applicationError.code).toBe('PLAN_NOT_FOUND');
    const evil = await create({
      paidPlansCheckout: { planId },
      callbacks: { planListUrl: 'https://evil.example/' },
    });
    expect(evil.json().details.validationError.fieldViolations[0].field).toBe('callbacks.planListUrl');
  });

  it('points preferences alone at the preferences page; beside an intent they stay its options', async () => {
    for (const payload of [
      { preferences: {} },
      { preferences: { useGenericWixPages: true }, callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` } },
    ]) {
      const reply = await create(payload);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().redirectSession.urlDetails.endpoint).toBe(`${PUBLIC_URL}/preferences`);
    }
    const product = await create({
      storesProduct: { productSlug: 'mug' },
      preferences: { additionalQueryParameters: { lang: 'fr' } },
    });
    expect(product.json().redirectSession.urlDetails).toMatchObject({
      endpoint: `${PUBLIC_URL}/products/mug`,
      searchParams: { lang: 'fr' },
    });
    // Callbacks alone still go straight back to the app.
    const back = await create({ callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` } });
    expect(back.json().redirectSession.fullUrl).toBe(`${SHOP_ORIGIN}/`);
  });

  it('points memberAccountPage at the account section; bookings and events are refused, bad sections named', async () => {
    for (const [section, path] of [
      [undefined, '/account'],
      ['ACCOUNT_INFO', '/account'],
      ['ORDERS', '/account/orders'],
      ['SUBSCRIPTIONS', '/account/subscriptions'],
    ] as const) {
      const reply = await create({ memberAccountPage: section ? { section } : {} });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().redirectSession.urlDetails.endpoint).toBe(`${PUBLIC_URL}${path}`);
    }
    for (const section of ['BOOKINGS', 'EVENTS']) {
      const reply = await create({ memberAccountPage: { section } });
      expect(reply.statusCode, section).toBe(400);
      expect(reply.json().details.applicationError).toMatchObject({
        code: 'FAILED_PRECONDITION',
        data: { intent: 'memberAccountPage', section },
      });
    }
    const bad = await create({ memberAccountPage: { section: 'WISHLIST' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe('memberAccountPage.section');
  });
});
