import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './fixture.js';
import {
  APP,
  CALLBACKS,
  open,
  type RedirectStore,
  said,
  startRedirectStore,
} from './redirect-sessions.support.js';

// The redirect kinds for signing in and for members, created the way a third-party app creates them (the
// public @wix/redirects client with an OAuthStrategy visitor or member) and opened the way a browser that
// has never seen our origin opens them (redirect-sessions.support.ts). Shopping: redirect-sessions.spec.ts.
describe('redirect sessions of the public @wix/redirects client, opened without our cookies', () => {
  let r: RedirectStore;
  let store: Store;
  let clientId: string;
  const visitor = () => r.visitor();
  const member = () => r.member();
  const withToken: RedirectStore['withToken'] = (wix, path, init) => r.withToken(wix, path, init);
  const handOver = (fullUrl: string, path: string | RegExp) => r.handOver(fullUrl, path);
  beforeAll(async () => {
    r = await startRedirectStore();
    ({ store, clientId } = r);
  });
  afterAll(() => r?.close());

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
    const { client: member, tokens } = await r.memberWithTokens();
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
});
