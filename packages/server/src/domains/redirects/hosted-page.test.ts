import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, shopperCheckout } from '../../testing/ecom.js';
import {
  createClient,
  memberTokens,
  registerMember,
  SHOP_ORIGIN,
  setSettings,
  token,
  uniqueEmail,
  visitorTokens,
} from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';
import { redirectSessions } from './redirects.schema.js';

// A hosted page opened from an app's redirect session, in a browser that has never seen this server: the
// session token in its URL works once and makes the page act as the app's visitor or member.
let t: TestApp;
let appClient: string;
let pagesClient: string;
let owner: string;
let mugId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://store.example' } });
  owner = await merchantKey(t.database);
  ({ clientId: appClient } = await createClient(t, owner));
  ({ clientId: pagesClient } = await createClient(t, owner, { redirectUris: ['https://store.example/cb'] }));
  await setSettings(t, owner, { requireEmailVerification: false });
  await setUpTestStore(t.database.db);
  mugId = (await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 })).id;
});
afterAll(() => t.close());

const CALLBACKS = {
  postFlowUrl: `${SHOP_ORIGIN}/`,
  thankYouPageUrl: `${SHOP_ORIGIN}/thanks`,
  cartPageUrl: `${SHOP_ORIGIN}/cart`,
};

const auth = (value?: string) => (value ? { authorization: value } : {});

async function redirectSession(payload: Record<string, unknown>, authorization?: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/_api/redirects-api/v1/redirect-session',
    headers: auth(authorization),
    payload,
  });
  if (reply.statusCode !== 200) throw new Error(`redirect session: ${reply.body}`);
  const session = reply.json().redirectSession;
  return { ...session, token: new URL(session.fullUrl).searchParams.get('session') as string };
}

const enter = (session: string, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/_api/redirects-api/v1/hosted-page',
    headers: auth(authorization),
    payload: { session, clientId: pagesClient },
  });

async function visitorWithCheckout() {
  const visitor = (await visitorTokens(t, appClient)).access_token;
  const checkoutId = await shopperCheckout(t.app, visitor, [lineItem(mugId, 2)]);
  return { visitor, checkoutId };
}

describe('opening a redirect session URL (POST /_api/redirects-api/v1/hosted-page)', () => {
  it("hands the app's visitor to the page: same checkout, verified callbacks, flow readable only by them", async () => {
    const { visitor, checkoutId } = await visitorWithCheckout();
    const session = await redirectSession({ ecomCheckout: { checkoutId }, callbacks: CALLBACKS }, visitor);
    const reply = await enter(session.token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { flow, tokens } = reply.json();
    expect(flow).toEqual({ id: session.id, kind: 'ecomCheckout', callbacks: CALLBACKS, checkoutId });
    expect(tokens).toMatchObject({ role: 'visitor', refreshToken: expect.stringMatching(/^osr_/) });
    // The same visitor, in a session of the pages' own client.
    const claims = decodeJwt(tokens.accessToken);
    expect(claims.vid).toBe(decodeJwt(visitor).vid);
    expect(claims.sid).not.toBe(decodeJwt(visitor).sid);
    const checkout = await t.app.inject({
      url: `/ecom/v1/checkouts/${checkoutId}`,
      headers: auth(tokens.accessToken),
    });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().checkout.lineItems[0].quantity).toBe(2);
    // The flow id is in the page URL after the hand-over: it tells only its shopper where to go back to.
    const flowUrl = `/_api/redirects-api/v1/hosted-page/${flow.id}`;
    const mine = await t.app.inject({ url: flowUrl, headers: auth(tokens.accessToken) });
    expect(mine.json()).toEqual(flow);
    const stranger = (await visitorTokens(t, appClient)).access_token;
    const theirs = await t.app.inject({ url: flowUrl, headers: auth(stranger) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().details.applicationError.code).toBe('HOSTED_FLOW_NOT_FOUND');
    expect((await t.app.inject(flowUrl)).statusCode).toBe(401);
  });

  it('works once: a used link is refused to anyone else (naming only the way back), and is harmless to its shopper', async () => {
    const { visitor, checkoutId } = await visitorWithCheckout();
    const session = await redirectSession({ ecomCheckout: { checkoutId }, callbacks: CALLBACKS }, visitor);
    const first = (await enter(session.token)).json();
    const again = await enter(session.token);
    expect(again.statusCode).toBe(410);
    expect(again.json().details.applicationError).toMatchObject({
      code: 'REDIRECT_SESSION_USED',
      data: { backUrl: CALLBACKS.cartPageUrl },
    });
    expect(again.body).not.toContain(checkoutId);
    // Another shopper holding the leaked URL gets nothing either.
    const stranger = (await visitorTokens(t, appClient)).access_token;
    expect((await enter(session.token, stranger)).statusCode).toBe(410);
    // The same browser opening it again (reload, back button) just continues, with no new tokens.
    const same = await enter(session.token, first.tokens.accessToken);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ flow: first.flow });
  });

  it('hands the identity over exactly once when the URL is opened many times at once', async () => {
    const { visitor, checkoutId } = await visitorWithCheckout();
    const session = await redirectSession({ ecomCheckout: { checkoutId } }, visitor);
    const replies = await Promise.all(Array.from({ length: 6 }, () => enter(session.token)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 410, 410, 410, 410, 410]);
    expect(replies.filter((r) => r.statusCode === 200 && r.json().tokens)).toHaveLength(1);
  });

  it('refuses an expired link (410) and an unknown one (404)', async () => {
    const { visitor, checkoutId } = await visitorWithCheckout();
    const session = await redirectSession({ ecomCheckout: { checkoutId }, callbacks: CALLBACKS }, visitor);
    await t.database.db
      .update(redirectSessions)
      .set({ expiresDate: new Date(Date.now() - 1000) })
      .where(eq(redirectSessions.id, session.id));
    const expired = await enter(session.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().details.applicationError).toMatchObject({
      code: 'REDIRECT_SESSION_EXPIRED',
      data: { backUrl: CALLBACKS.cartPageUrl },
    });
    const unknown = await enter('osrs_never-issued');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details.applicationError.code).toBe('REDIRECT_SESSION_NOT_FOUND');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/_api/redirects-api/v1/hosted-page',
      payload: { session: session.token, clientId: 'no-such-client' },
    });
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe('clientId');
  });

  it("hands a member over as the member, and the page's session ends with the app's (logout)", async () => {
    const { sessionToken } = await registerMember(t, { email: uniqueEmail() });
    const member = await memberTokens(t, { clientId: appClient, sessionToken });
    const session = await redirectSession(
      { login: {}, callbacks: { postFlowUrl: CALLBACKS.postFlowUrl } },
      member.access_token,
    );
    const { tokens, flow } = (await enter(session.token)).json();
    expect(flow).toMatchObject({ kind: 'login', callbacks: { postFlowUrl: CALLBACKS.postFlowUrl } });
    expect(tokens.role).toBe('member');
    expect(decodeJwt(tokens.accessToken).mid).toBe(decodeJwt(member.access_token).mid);
    const refresh = () =>
      token(t, { clientId: pagesClient, grantType: 'refresh_token', refreshToken: tokens.refreshToken });
    expect((await refresh()).statusCode).toBe(200);
    const logout = await t.app.inject({
      url: '/_api/iam/authentication/v1/logout',
      headers: auth(member.access_token),
    });
    expect(logout.statusCode).toBeLessThan(400);
    expect((await refresh()).json().details.applicationError.code).toBe('INVALID_GRANT');
  });

  it('refuses a link whose app session ended before it was opened', async () => {
    const { visitor, checkoutId } = await visitorWithCheckout();
    const session = await redirectSession({ ecomCheckout: { checkoutId }, callbacks: CALLBACKS }, visitor);
    await t.app.inject({ url: '/_api/iam/authentication/v1/logout', headers: auth(visitor) });
    const reply = await enter(session.token);
    expect(reply.statusCode).toBe(410);
    expect(reply.json().details.applicationError.code).toBe('REDIRECT_SESSION_EXPIRED');
  });

  it('binds a session made without a shopper (a merchant) to the browser that opens it, handing nothing over', async () => {
    const session = await redirectSession({ storesProduct: { productSlug: 'mug' } }, owner);
    expect((await enter(session.token)).statusCode).toBe(401);
    const browser = (await visitorTokens(t, pagesClient)).access_token;
    const reply = await enter(session.token, browser);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      flow: { id: session.id, kind: 'storesProduct', callbacks: {}, productSlug: 'mug' },
    });
    const flow = await t.app.inject({
      url: `/_api/redirects-api/v1/hosted-page/${session.id}`,
      headers: auth(browser),
    });
    expect(flow.statusCode).toBe(200);
  });
});

describe('GET /ecom/v1/checkouts/{id}/checkout-url', () => {
  it('is a redirect session URL that opens as the caller, once; an override URL is returned as is', async () => {
    const { visitor, checkoutId } = await visitorWithCheckout();
    const reply = await t.app.inject({
      url: `/ecom/v1/checkouts/${checkoutId}/checkout-url?id=${checkoutId}`,
      headers: auth(visitor),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const url = new URL(reply.json().checkoutUrl);
    expect(url.pathname).toBe(`/checkout/${checkoutId}`);
    const entered = await enter(url.searchParams.get('session') as string);
    expect(decodeJwt(entered.json().tokens.accessToken).vid).toBe(decodeJwt(visitor).vid);
    expect((await enter(url.searchParams.get('session') as string)).statusCode).toBe(410);

    const override = 'https://store.example/pay/elsewhere';
    await t.app.inject({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      headers: auth(visitor),
      payload: { checkout: {}, overrideCheckoutUrl: override },
    });
    const overridden = await t.app.inject({
      url: `/ecom/v1/checkouts/${checkoutId}/checkout-url`,
      headers: auth(visitor),
    });
    expect(overridden.json()).toEqual({ checkoutUrl: override });
    const stranger = (await visitorTokens(t, appClient)).access_token;
    const theirs = await t.app.inject({
      url: `/ecom/v1/checkouts/${checkoutId}/checkout-url`,
      headers: auth(stranger),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('carries the plan of a paidPlansCheckout flow; a used plan link leads back to planListUrl', async () => {
    const plan = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/membership-plans',
      headers: auth(owner),
      payload: { membershipPlan: { name: 'Gold', price: '10.00' } },
    });
    const planId = plan.json().membershipPlan.id;
    const visitor = (await visitorTokens(t, appClient)).access_token;
    const callbacks = { ...CALLBACKS, planListUrl: `${SHOP_ORIGIN}/plans` };
    const session = await redirectSession({ paidPlansCheckout: { planId }, callbacks }, visitor);
    const entered = await enter(session.token);
    expect(entered.json().flow).toEqual({ id: session.id, kind: 'paidPlansCheckout', callbacks, planId });
    const again = await enter(session.token);
    expect(again.statusCode).toBe(410);
    expect(again.json().details.applicationError.data).toEqual({ backUrl: `${SHOP_ORIGIN}/plans` });
  });
});
