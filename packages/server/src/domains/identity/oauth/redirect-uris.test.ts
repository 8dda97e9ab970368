import { redirects } from '@wix/redirects';
import { createClient as createWixClient, OAuthStrategy } from '@wix/sdk';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  registerMember,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  uniqueEmail,
} from '../../../testing/identity.js';
import { merchantKey, type TestApp } from '../../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../../testing/wix-sdk.js';
import { authorizationCodes } from '../identity.schema.js';

// Exact redirect URIs (ADR 029), driven through the public @wix/sdk OAuthStrategy as an app drives it:
// generateOAuthData(redirectUri) → getAuthUrl (a redirect session) → the browser at authUrl → the code at
// the redirect URI → getMemberTokens. Login codes go to registered URIs only, compared as strings.
// Registering them through the admin API on an https store is in redirect-uris-registration.test.ts.

let t: TestApp;
let base: string;
let owner: string;
let restoreFetch: () => void = () => {};
const email = uniqueEmail('exact');
const password = 'correct horse 1';

beforeAll(async () => {
  ({ t, base } = await listeningTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } }));
  owner = await merchantKey(t.database);
  await registerMember(t, { email, password });
  restoreFetch = routeWixSdkTo(base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

type Strategy = ReturnType<typeof OAuthStrategy>;

/** The app's visitor signs in with a password, then asks for an authorize URL to `redirectUri`. */
async function authUrlFor(clientId: string, redirectUri: string) {
  const strategy = OAuthStrategy({ clientId });
  strategy.setTokens(await strategy.generateVisitorTokens());
  const loggedIn = await strategy.login({ email, password });
  expect(loggedIn.loginState).toBe('SUCCESS');
  const sessionToken = (loggedIn as unknown as { data: { sessionToken: string } }).data.sessionToken;
  const oauthData = strategy.generateOAuthData(redirectUri, `${SHOP_ORIGIN}/`);
  const options = { prompt: 'none', responseMode: 'query', sessionToken } as Parameters<
    Strategy['getAuthUrl']
  >[1];
  return { strategy, oauthData, sessionToken, authUrl: () => strategy.getAuthUrl(oauthData, options) };
}

/** What getAuthUrl threw: the SDK's error with the server's 400 (status and field violations). */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown as { status?: number; details?: Record<string, unknown> },
  );
  expect(error, 'getAuthUrl should have been refused').toBeDefined();
  return error as { status?: number; details?: { validationError?: { fieldViolations?: unknown[] } } };
}

const codesOf = async (clientId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(authorizationCodes)
      .where(eq(authorizationCodes.clientId, clientId))
  )[0]?.n ?? 0;

describe('exact redirect URIs through the public @wix/sdk', () => {
  it('a registered redirect URI works end to end: code at exactly that URI, member tokens', async () => {
    const { clientId } = await createClient(t, owner);
    const flow = await authUrlFor(clientId, SHOP_CALLBACK);
    const { authUrl } = await flow.authUrl();
    const page = await fetch(authUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const location = page.headers.get('location') as string;
    expect(location.startsWith(`${SHOP_CALLBACK}?code=`)).toBe(true);
    const { code, state } = flow.strategy.parseFromUrl(location, 'query');
    const member = await flow.strategy.getMemberTokens(code as string, state as string, flow.oauthData);
    expect(member.refreshToken.role).toBe('member');
  });

  it('refuses another path on the same origin: 400, no redirect to it, no code issued, the sign-in unspent', async () => {
    const { clientId } = await createClient(t, owner);
    const other = `${SHOP_ORIGIN}/account/callback`;
    const flow = await authUrlFor(clientId, other);
    const refused = await refusal(flow.authUrl());
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.details?.validationError?.fieldViolations)).toContain('redirectUri');

    // A browser sent to /oauth2/authorize with that redirect_uri by hand gets a page, never the redirect.
    const allowed = await authUrlFor(clientId, SHOP_CALLBACK);
    const authUrl = new URL((await allowed.authUrl()).authUrl);
    authUrl.searchParams.set('redirect_uri', other);
    const page = await fetch(authUrl, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('not registered for this app');
    expect(await codesOf(clientId)).toBe(0);

    // The sign-in (session token) was not spent on the refused request: the registered URI still works.
    authUrl.searchParams.set('redirect_uri', SHOP_CALLBACK);
    const retry = await fetch(authUrl, { redirect: 'manual' });
    expect(retry.status).toBe(302);
    expect(String(retry.headers.get('location')).startsWith(`${SHOP_CALLBACK}?code=`)).toBe(true);
    expect(await codesOf(clientId)).toBe(1);
  });

  it('compares query strings too: a registered query must match exactly and is kept beside the code', async () => {
    const registered = `${SHOP_ORIGIN}/cb?app=1`;
    const { clientId } = await createClient(t, owner, { redirectUris: [registered, SHOP_CALLBACK] });
    for (const uri of [
      `${SHOP_ORIGIN}/cb`,
      `${SHOP_ORIGIN}/cb?app=2`,
      `${SHOP_ORIGIN}/cb?app=1&next=/`,
      `${SHOP_CALLBACK}?next=/`,
      `${SHOP_CALLBACK}/`,
      `${SHOP_CALLBACK}#x`,
      'https://SHOP.example/callback',
    ]) {
      const flow = await authUrlFor(clientId, uri);
      expect((await refusal(flow.authUrl())).status, uri).toBe(400);
    }
    const flow = await authUrlFor(clientId, registered);
    const page = await fetch((await flow.authUrl()).authUrl, { redirect: 'manual' });
    const location = new URL(page.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe(`${SHOP_ORIGIN}/cb`);
    expect(location.searchParams.get('app')).toBe('1');
    const { code, state } = flow.strategy.parseFromUrl(location.toString(), 'query');
    expect(
      (await flow.strategy.getMemberTokens(code as string, state as string, flow.oauthData)).refreshToken
        .role,
    ).toBe('member');
  });

  it('lets a loopback redirect URI (http://127.0.0.1, http://[::1]) use any port, and nothing else vary', async () => {
    const { clientId } = await createClient(t, owner, {
      redirectUris: ['http://127.0.0.1/callback', 'http://[::1]:8080/cb'],
      allowedOrigins: [],
    });
    for (const uri of ['http://127.0.0.1:53121/callback', 'http://127.0.0.1/callback', 'http://[::1]:9/cb']) {
      const flow = await authUrlFor(clientId, uri);
      const page = await fetch((await flow.authUrl()).authUrl, { redirect: 'manual' });
      expect(page.status, uri).toBe(302);
      const location = page.headers.get('location') as string;
      expect(location.startsWith(`${uri}?code=`), location).toBe(true);
      const { code, state } = flow.strategy.parseFromUrl(location, 'query');
      const member = await flow.strategy.getMemberTokens(code as string, state as string, flow.oauthData);
      expect(member.refreshToken.role).toBe('member');
    }
    for (const uri of [
      'http://127.0.0.1:53121/other',
      'http://localhost:53121/callback',
      'http://127.0.0.2:53121/callback',
      'https://127.0.0.1:53121/callback',
      'http://127.0.0.1:99999/callback',
      'http://127.0.0.1:53121@evil.example/callback',
    ]) {
      const flow = await authUrlFor(clientId, uri);
      expect((await refusal(flow.authUrl())).status, uri).toBe(400);
    }
  });

  it('accepts any path on the allowed origins only for a client that opted in (the weaker matching)', async () => {
    const { clientId } = await createClient(t, owner, { allowAnyRedirectPathOnAllowedOrigins: true });
    const flow = await authUrlFor(clientId, `${SHOP_ORIGIN}/account/callback?from=menu`);
    const page = await fetch((await flow.authUrl()).authUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const location = page.headers.get('location') as string;
    expect(location.startsWith(`${SHOP_ORIGIN}/account/callback?from=menu&code=`)).toBe(true);
    const { code, state } = flow.strategy.parseFromUrl(location, 'query');
    expect(
      (await flow.strategy.getMemberTokens(code as string, state as string, flow.oauthData)).refreshToken
        .role,
    ).toBe('member');
    for (const uri of [
      'https://evil.example/callback',
      `${SHOP_ORIGIN}.evil.example/cb`,
      `${SHOP_ORIGIN}/cb#x`,
    ]) {
      expect((await refusal((await authUrlFor(clientId, uri)).authUrl())).status, uri).toBe(400);
    }
  });

  it('keeps navigation callbacks origin-wide: logout and post-flow URLs on any path of an allowed origin', async () => {
    const { clientId } = await createClient(t, owner);
    const strategy = OAuthStrategy({ clientId });
    strategy.setTokens(await strategy.generateVisitorTokens());
    const wix = createWixClient({ auth: strategy, modules: { redirects } });
    const { redirectSession } = await wix.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: `${SHOP_ORIGIN}/any/page?x=1` },
    });
    expect(redirectSession?.fullUrl).toMatch(new RegExp(`^${base}/login\\?session=osrs_`));
    await expect(
      wix.redirects.createRedirectSession({ login: {}, callbacks: { postFlowUrl: 'https://evil.example/' } }),
    ).rejects.toMatchObject({ status: 400 });
    const { logoutUrl } = await strategy.logout(`${SHOP_ORIGIN}/goodbye?from=menu`);
    const out = await fetch(logoutUrl, { redirect: 'manual' });
    expect(out.headers.get('location')).toBe(`${SHOP_ORIGIN}/goodbye?from=menu`);
    await expect(strategy.logout('https://evil.example/')).rejects.toMatchObject({ status: 400 });
  });
});

describe('registering on a store served over http', () => {
  it('accepts plain http redirect URIs (TLS on the app side would protect nothing)', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/oauth-clients',
      headers: { authorization: owner },
      payload: {
        name: 'Dev app',
        redirectUris: ['http://shop.test:4000/callback'],
        allowedOrigins: ['http://shop.test:4000'],
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  });
});
