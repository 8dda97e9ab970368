import { randomUUID } from 'node:crypto';
import { checkout, currentCart, orders, recommendations } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import { products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, uniqueEmail } from '../packages/server/src/testing/identity.js';
import { routeWixSdkTo } from '../packages/server/src/testing/wix-sdk.js';
import { registerApp, type Store, startStore } from './fixture.js';

// Every redirect kind the store serves, created the way a third-party app creates it (the public
// @wix/redirects client with an OAuthStrategy visitor or member) and opened the way a browser that has
// never seen our origin opens it: plain fetch, no cookie, redirects not followed.

const APP = 'https://headless-shop.test';
const CALLBACKS = {
  postFlowUrl: `${APP}/`,
  thankYouPageUrl: `${APP}/thank-you`,
  cartPageUrl: `${APP}/cart`,
};
const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const modules = { products, currentCart, checkout, orders, recommendations, redirects };

interface Opened {
  status: number;
  /** Location, resolved against the URL opened. */
  location?: string;
  /** `name=value` of every Set-Cookie. */
  cookies: string[];
  contentType: string;
  body: string;
}

/** One request as a browser without our cookies makes it (or with the cookies given), no redirect followed. */
async function open(url: string, cookies: string[] = []): Promise<Opened> {
  const reply = await fetch(url, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookies.length ? { cookie: cookies.join('; ') } : {}) },
  });
  const location = reply.headers.get('location');
  return {
    status: reply.status,
    ...(location ? { location: new URL(location, url).href } : {}),
    cookies: reply.headers.getSetCookie().map((c) => c.split(';')[0] as string),
    contentType: reply.headers.get('content-type') ?? '',
    body: await reply.text(),
  };
}

/** What the server answered, for assertion messages. */
function said(reply: Opened): string {
  return `${reply.status} Location=${reply.location ?? '-'} Set-Cookie=${reply.cookies.join(',') || '-'} ${reply.contentType}: ${reply.body.replace(/\s+/g, ' ').slice(0, 300)}`;
}

describe('redirect sessions of the public @wix/redirects client, opened without our cookies', () => {
  let store: Store;
  let clientId: string;
  let restoreFetch: () => void;
  let mugId: string;

  beforeAll(async () => {
    store = await startStore();
    clientId = await registerApp(store, APP);
    restoreFetch = routeWixSdkTo(store.base);
    const { items } = await visitorClientSync().products.queryProducts().eq('slug', 'stoneware-mug').find();
    mugId = items[0]?._id as string;
  });
  afterAll(async () => {
    restoreFetch?.();
    await store?.t.close();
  });

  function visitorClientSync(tokens?: Tokens) {
    return createClient({ modules, auth: OAuthStrategy({ clientId, ...(tokens ? { tokens } : {}) }) });
  }

  /** An app's per-request client for a new visitor, whose tokens it minted first. */
  async function visitor() {
    const wix = visitorClientSync();
    wix.auth.setTokens(await wix.auth.generateVisitorTokens());
    return wix;
  }

  /** A member of the app, signed up and logged in through the public SDK alone. */
  async function member() {
    const wix = await visitor();
    const email = uniqueEmail('compat');
    let state = await wix.auth.register({
      email,
      password: 'correct-horse-42',
      profile: { nickname: 'Ada' },
    });
    if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
      state = await wix.auth.processVerification({ verificationCode: await mailboxCode(store.t, email) });
    }
    if (state.loginState !== 'SUCCESS') throw new Error(`sign-up ended in ${state.loginState}`);
    const oauthData = wix.auth.generateOAuthData(`${APP}/callback`, `${APP}/`);
    // The session token goes on the authorize request (the SDK passes it on; its types do not list it).
    const silent = { responseMode: 'query', prompt: 'none', sessionToken: state.data.sessionToken } as const;
    const { authUrl } = await wix.auth.getAuthUrl(oauthData, silent);
    const authorized = await open(authUrl);
    expect(authorized.status, said(authorized)).toBe(302);
    const { code, state: oauthState } = wix.auth.parseFromUrl(authorized.location as string, 'query');
    const tokens = await wix.auth.getMemberTokens(code as string, oauthState as string, oauthData);
    return visitorClientSync(tokens);
  }

  /** A raw API call with the app's access token (for what the public client cannot send or read). */
  function withToken(wix: Awaited<ReturnType<typeof visitor>>, path: string, init: RequestInit = {}) {
    return fetch(`${store.base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        authorization: wix.auth.getTokens().accessToken.value,
        ...(init.headers ?? {}),
      },
    });
  }

  async function checkoutWithMug(wix: Awaited<ReturnType<typeof visitor>>): Promise<string> {
    await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: mugId }, quantity: 2 }],
    });
    const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    return checkoutId as string;
  }

  /** The hand-over contract: 303 to the same page with `flow` instead of `session`, and a cookie of ours. */
  async function handOver(fullUrl: string, path: string | RegExp): Promise<Opened> {
    const first = await open(fullUrl);
    expect(first.status, said(first)).toBe(303);
    const next = new URL(first.location as string);
    expect(next.origin).toBe(store.base);
    expect(next.pathname).toMatch(path);
    expect(next.pathname).toBe(new URL(fullUrl).pathname);
    expect(next.searchParams.has('session'), next.href).toBe(false);
    expect(next.searchParams.get('flow'), next.href).toBeTruthy();
    expect(first.cookies.length, said(first)).toBeGreaterThan(0);
    const page = await open(next.href, first.cookies);
    expect(page.status, said(page)).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    return page;
  }

  it('ecomCheckout: one hand-over to the visitor’s checkout, then the spent link names no lines', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: CALLBACKS,
    });
    const fullUrl = redirectSession?.fullUrl as string;
    expect(fullUrl.startsWith(`${store.base}/checkout/`)).toBe(true);
    const page = await handOver(fullUrl, /^\/checkout\//);
    expect(page.body).toContain('Stoneware Mug');

    // The same link again, from a browser without the cookie: gone, and it leads back to the app.
    const again = await open(fullUrl);
    expect(again.status, said(again)).toBe(410);
    expect(again.contentType).toMatch(/^text\/html/);
    expect(again.body).not.toContain('Stoneware Mug');
    expect(again.body).toMatch(/href="https:\/\/headless-shop\.test\/(cart)?"/);
  });

  it('ecomCheckout: checkout.getCheckoutUrl gives the same hand-over', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const { checkoutUrl } = await wix.checkout.getCheckoutUrl(checkoutId);
    expect(checkoutUrl?.startsWith(`${store.base}/checkout/`), checkoutUrl).toBe(true);
    const page = await handOver(checkoutUrl as string, /^\/checkout\//);
    expect(page.body).toContain('Stoneware Mug');
  });

  it('ecomCheckout: a session that never existed is a 404 page that leads to the store', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: CALLBACKS,
    });
    const forged = new URL(redirectSession?.fullUrl as string);
    forged.searchParams.set('session', `osrs_${randomUUID().replace(/-/g, '')}`);
    const reply = await open(forged.href);
    expect(reply.status, said(reply)).toBe(404);
    expect(reply.contentType).toMatch(/^text\/html/);
    expect(reply.body).not.toContain('Stoneware Mug');
    expect(reply.body).toContain(`href="/"`);
  });

  it('ecomCheckout: a checkout that does not exist is refused with 404 when the session is created', async () => {
    const wix = await visitor();
    await expect(
      wix.redirects.createRedirectSession({
        ecomCheckout: { checkoutId: randomUUID() },
        callbacks: CALLBACKS,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('storesProduct: the hand-over, then the product page', async () => {
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      storesProduct: { productSlug: 'linen-tee' },
      callbacks: { postFlowUrl: CALLBACKS.postFlowUrl },
    });
    const page = await handOver(redirectSession?.fullUrl as string, '/products/linen-tee');
    expect(page.body).toContain('Linen Tee');
  });

  it('login: the hand-over, then the login form', async () => {
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: CALLBACKS.postFlowUrl },
    });
    const page = await handOver(redirectSession?.fullUrl as string, '/login');
    expect(page.body).toMatch(/<form[^>]*method="post"/);
    expect(page.body).toMatch(/type="password"/);
  });

  it('auth: getAuthUrl leads to our login page, which returns to the authorize request', async () => {
    const wix = await visitor();
    const oauthData = wix.auth.generateOAuthData(`${APP}/callback`, `${APP}/`);
    const { authUrl } = await wix.auth.getAuthUrl(oauthData);
    const reply = await open(authUrl);
    expect(reply.status, said(reply)).toBe(302);
    const login = new URL(reply.location as string);
    expect(login.origin).toBe(store.base);
    expect(login.pathname).toBe('/login');
    const returnTo = new URL(login.searchParams.get('returnTo') ?? '', store.base);
    expect(returnTo.pathname).toBe('/oauth2/authorize');
    expect(returnTo.searchParams.get('client_id')).toBe(clientId);
    expect(returnTo.searchParams.get('code_challenge')).toBe(oauthData.codeChallenge);
  });

  it('logout: back to the app, and the member’s refresh token is refused afterwards', async () => {
    // A member of the app, signed up and logged in through the public SDK alone.
    const wix = await visitor();
    const email = uniqueEmail('compat');
    let state = await wix.auth.register({
      email,
      password: 'correct-horse-42',
      profile: { nickname: 'Ada' },
    });
    if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
      state = await wix.auth.processVerification({ verificationCode: await mailboxCode(store.t, email) });
    }
    if (state.loginState !== 'SUCCESS') throw new Error(`sign-up ended in ${state.loginState}`);
    const oauthData = wix.auth.generateOAuthData(`${APP}/callback`, `${APP}/`);
    // The session token goes on the authorize request (the SDK passes it on; its types do not list it).
    const silent = { responseMode: 'query', prompt: 'none', sessionToken: state.data.sessionToken } as const;
    const { authUrl } = await wix.auth.getAuthUrl(oauthData, silent);
    const authorized = await open(authUrl);
    expect(authorized.status, said(authorized)).toBe(302);
    const { code, state: oauthState } = wix.auth.parseFromUrl(authorized.location as string, 'query');
    const tokens = await wix.auth.getMemberTokens(code as string, oauthState as string, oauthData);
    const member = visitorClientSync(tokens);
    expect(member.auth.loggedIn()).toBe(true);

    const refresh = () =>
      fetch(`${store.base}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId,
          grantType: 'refresh_token',
          refreshToken: tokens.refreshToken.value,
        }),
      });
    expect((await refresh()).status).toBe(200);

    const { logoutUrl } = await member.auth.logout(`${APP}/`);
    const reply = await open(logoutUrl);
    expect(reply.status, said(reply)).toBe(302);
    expect(reply.location).toBe(`${APP}/`);
    const refused = await refresh();
    expect(refused.status, await refused.clone().text()).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('paidPlansCheckout: the hand-over, then the plan checkout, which asks a visitor to sign in first', async () => {
    const created = await store.t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/membership-plans',
      headers: { authorization: store.ownerKey },
      payload: { membershipPlan: { name: 'Compat Club', price: '8.00', perks: ['A mug a month'] } },
    });
    const planId = created.json().membershipPlan.id as string;
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      paidPlansCheckout: { planId },
      callbacks: { ...CALLBACKS, planListUrl: `${APP}/plans` },
    });
    const page = await handOver(redirectSession?.fullUrl as string, `/plan-checkout/${planId}`);
    expect(page.body).toContain('Compat Club');
    expect(page.body).toContain('Sign in to continue');
    // A used link leads back to the app's plan list.
    const again = await open(redirectSession?.fullUrl as string);
    expect(again.status, said(again)).toBe(410);
    expect(again.body).toContain('href="https://headless-shop.test/plans"');
    await expect(
      wix.redirects.createRedirectSession({
        paidPlansCheckout: { planId: randomUUID() },
        callbacks: CALLBACKS,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('preferences: the hand-over, the form saved cookie-less, back to the app, read over the API', async () => {
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      preferences: {},
      callbacks: { postFlowUrl: `${APP}/preferences` },
    });
    const fullUrl = redirectSession?.fullUrl as string;
    expect(new URL(fullUrl).pathname).toBe('/preferences');
    const first = await open(fullUrl);
    expect(first.status, said(first)).toBe(303);
    const pageUrl = first.location as string;
    expect(new URL(pageUrl).searchParams.get('flow')).toBeTruthy();
    const page = await open(pageUrl, first.cookies);
    expect(page.status, said(page)).toBe(200);
    expect(page.body).toContain('Communication preferences');
    const cookies = page.cookies.length > 0 ? page.cookies : first.cookies;
    const saved = await fetch(pageUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookies.join('; '),
      },
      body: new URLSearchParams({ marketingEmails: 'on', analyticsCookies: 'on' }),
    });
    expect([302, 303]).toContain(saved.status);
    expect(saved.headers.get('location')).toBe(`${APP}/preferences`);
    const reply = await withToken(wix, '/_api/preferences/v1/preferences/current');
    const read = (await reply.json()) as { preferences: unknown };
    expect(read.preferences).toMatchObject({
      marketingEmails: { optIn: true },
      cookieConsent: { analytics: true, marketing: false },
    });
  });

  it('memberAccountPage: the member’s orders page, opened cookie-less as that member', async () => {
    const wix = await member();
    // The installed @wix/redirects client does not send `memberAccountPage` (an internal field of the
    // platform's API), so an app sends it as JSON.
    const reply = await withToken(wix, '/_api/redirects-api/v1/redirect-session', {
      method: 'POST',
      body: JSON.stringify({ memberAccountPage: { section: 'ORDERS' }, callbacks: CALLBACKS }),
    });
    expect(reply.status).toBe(200);
    const { redirectSession } = (await reply.json()) as { redirectSession: { fullUrl: string } };
    const page = await handOver(redirectSession.fullUrl, '/account/orders');
    expect(page.body).toContain('You have not placed an order yet.');
    expect(page.body).toContain('href="https://headless-shop.test/"');
    const bookings = await withToken(wix, '/_api/redirects-api/v1/redirect-session', {
      method: 'POST',
      body: JSON.stringify({ memberAccountPage: { section: 'BOOKINGS' } }),
    });
    expect(bookings.status).toBe(400);
  });

  it('callbacks: the session’s URL is the app’s own postFlowUrl', async () => {
    const wix = await visitor();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      callbacks: { postFlowUrl: `${APP}/after?x=1` },
    });
    expect(redirectSession?.fullUrl).toBe(`${APP}/after?x=1`);
  });

  it('a kind the store does not serve is a 400, never a session of another kind', async () => {
    const wix = await visitor();
    for (const kind of ['bookingsCheckout', 'eventsCheckout', 'bookingsBook'] as const) {
      await expect(
        wix.redirects.createRedirectSession({ [kind]: {}, callbacks: CALLBACKS }),
        kind,
      ).rejects.toMatchObject({ status: 400 });
    }
    // A kind the public client does not know either, sent as raw JSON next to valid callbacks.
    const reply = await fetch(`${store.base}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: wix.auth.getTokens().accessToken.value },
      body: JSON.stringify({ membersAccount: { section: 'ORDERS' }, callbacks: CALLBACKS }),
    });
    const text = await reply.text();
    expect(reply.status, text).toBe(400);
    expect(text).not.toContain('redirectSession');
  });

  it('a visitor’s order empties its cart, and it reads the order with @wix/ecom orders.getOrder', async () => {
    const wix = await visitor();
    const checkoutId = await checkoutWithMug(wix);
    const address = {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      postalCode: '10001',
      addressLine1: '1 Main St',
    };
    const withAddress = await wix.checkout.updateCheckout(checkoutId, {
      buyerInfo: { email: 'compat-visitor@example.com' },
      shippingInfo: { shippingDestination: { address, contactDetails: { firstName: 'Ada', lastName: 'L' } } },
      billingInfo: { address, contactDetails: { firstName: 'Ada', lastName: 'L' } },
    });
    const code = withAddress.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions?.[0]?.code as string;
    await wix.checkout.updateCheckout(checkoutId, {
      shippingInfo: { selectedCarrierServiceOption: { code } },
    });
    const { orderId } = await wix.checkout.createOrder(checkoutId, {});
    // The order used up the cart it came from: the app's header shows no cart again.
    await expect(wix.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
    const order = await wix.orders.getOrder(orderId as string);
    expect(order._id).toBe(orderId);
    expect(order.number).toMatch(/^\d+$/);
    expect(order.lineItems?.map((l) => [l.productName?.original, l.quantity])).toEqual([
      ['Stoneware Mug', 2],
    ]);
  });

  it('a module the store does not offer (recommendations) answers a JSON 404 the app can handle', async () => {
    const wix = await visitor();
    const error = await wix.recommendations
      .getRecommendation([{ _id: randomUUID(), appId: STORES_APP_ID }], {
        items: [{ appId: STORES_APP_ID, catalogItemId: mugId }],
      })
      .then(
        () => undefined,
        (e: unknown) => e as { status?: number; details?: { applicationError?: { code?: unknown } } },
      );
    expect(error?.status).toBe(404);
    expect(error?.details?.applicationError?.code).toBeTypeOf('string');
  });
});
