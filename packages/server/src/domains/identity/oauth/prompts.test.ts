import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  memberTokens,
  pkcePair,
  post,
  registerMember,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  token,
  uniqueEmail,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { createOAuthClient } from './oauth-clients.service.js';

// OpenID Connect's prompt values on /oauth2/authorize: consent (approve or deny what the app asks for;
// deny → error=access_denied), select_account (the hosted pages' signed-in member continues as
// themselves: a session token handed over for the app), and that login and none keep working.

let t: TestApp;
let appClientId: string;
let pagesClientId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false', STORE_NAME: 'Harbor & Pine' } });
  const owner = await merchantKey(t.database);
  ({ clientId: appClientId } = await createClient(t, owner));
  // The store's own sign-in pages (the bundled storefront's client).
  const { client } = await createOAuthClient(
    t.database.db,
    {
      name: 'Bundled storefront',
      kind: 'public',
      redirectUris: [SHOP_CALLBACK],
      allowedOrigins: [SHOP_ORIGIN],
      bundled: true,
    },
    t.config,
  );
  pagesClientId = client.id;
});
afterAll(() => t.close());

function authorizeUrl(params: Record<string, string>) {
  const query = new URLSearchParams({
    client_id: appClientId,
    redirect_uri: SHOP_CALLBACK,
    response_type: 'code',
    response_mode: 'query',
    scope: 'offline_access',
    state: 'st-1',
    ...params,
  });
  return `/oauth2/authorize?${query}`;
}
const authorize = (params: Record<string, string>) => t.app.inject(authorizeUrl(params));
const consentTokenOf = (html: string) => /name="consent_token" value="([^"]+)"/.exec(html)?.[1] as string;
const answer = (consentToken: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth2/consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ consent_token: consentToken, decision }).toString(),
  });
const locationOf = (reply: { headers: Record<string, unknown> }) => new URL(String(reply.headers.location));

async function signedIn() {
  const email = uniqueEmail('prompt');
  const { sessionToken } = await registerMember(t, { email });
  return { email, sessionToken };
}

describe('prompt=consent', () => {
  it('shows what the app asks for; Allow issues the code the request asked for', async () => {
    const { email, sessionToken } = await signedIn();
    const { verifier, challenge } = pkcePair();
    const page = await authorize({
      prompt: 'consent',
      sessionToken,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${SHOP_ORIGIN}`);
    expect(page.body).toContain('Test shop wants to use your account');
    expect(page.body).toContain(email);
    expect(page.body).toContain('Keep you signed in');
    expect(page.body).toContain('>Allow</button>');
    expect(page.body).toContain('>Deny</button>');

    const allowed = await answer(consentTokenOf(page.body), 'approve');
    expect(allowed.statusCode).toBe(302);
    const back = locationOf(allowed);
    expect(back.origin + back.pathname).toBe(SHOP_CALLBACK);
    expect(back.searchParams.get('state')).toBe('st-1');
    const tokens = await token(t, {
      clientId: appClientId,
      grantType: 'authorization_code',
      code: back.searchParams.get('code'),
      codeVerifier: verifier,
      redirectUri: SHOP_CALLBACK,
    });
    expect(tokens.json().refresh_token_role).toBe('member');
  });

  it('Deny sends error=access_denied (and the state) to the app; the answer cannot be changed', async () => {
    const { sessionToken } = await signedIn();
    const { challenge } = pkcePair();
    const page = await authorize({
      prompt: 'consent',
      sessionToken,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      response_mode: 'fragment',
    });
    const consentToken = consentTokenOf(page.body);
    const denied = await answer(consentToken, 'deny');
    expect(denied.statusCode).toBe(302);
    const fragment = new URLSearchParams(locationOf(denied).hash.slice(1));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('state')).toBe('st-1');
    expect(fragment.get('code')).toBeNull();
    const again = await answer(consentToken, 'approve');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already answered');
  });

  it('one approval however many times it is sent at once', async () => {
    const { sessionToken } = await signedIn();
    const { challenge } = pkcePair();
    const page = await authorize({
      prompt: 'consent',
      sessionToken,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const consentToken = consentTokenOf(page.body);
    const replies = await Promise.all(Array.from({ length: 6 }, () => answer(consentToken, 'approve')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([302, 400, 400, 400, 400, 400]);
  });

  it('without a session token it goes through the login page first; a bad answer is a page, not a redirect', async () => {
    const { challenge } = pkcePair();
    const reply = await authorize({
      prompt: 'consent',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(reply.statusCode).toBe(302);
    const login = locationOf({ headers: { location: `http://x${reply.headers.location}` } });
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('returnTo')).toContain('prompt=consent');
    for (const [consentToken, decision] of [
      ['osn_unknown', 'approve'],
      ['osn_unknown', 'maybe'],
    ]) {
      const bad = await answer(consentToken as string, decision as string);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers.location).toBeUndefined();
    }
  });
});

describe('prompt values', () => {
  it('refuses unknown values and none combined with others (invalid_request to the app)', async () => {
    const { challenge } = pkcePair();
    for (const prompt of ['none consent', 'bogus', 'login none']) {
      const reply = await authorize({ prompt, code_challenge: challenge, code_challenge_method: 'S256' });
      expect(reply.statusCode, prompt).toBe(302);
      expect(locationOf(reply).searchParams.get('error'), prompt).toBe('invalid_request');
    }
  });

  it('none without a session answers login_required; login without one goes to the login page', async () => {
    const { challenge } = pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    expect(locationOf(await authorize({ prompt: 'none', ...pkce })).searchParams.get('error')).toBe(
      'login_required',
    );
    expect(String((await authorize({ prompt: 'login', ...pkce })).headers.location)).toMatch(
      /^\/login\?returnTo=/,
    );
    expect(String((await authorize({ prompt: 'select_account', ...pkce })).headers.location)).toMatch(
      /^\/login\?returnTo=.*select_account/,
    );
  });
});

describe('prompt=select_account: continue as the member signed in on the store’s pages', () => {
  const handOver = (accessToken: string | undefined, clientId = appClientId) =>
    post(t, '/_api/iam/authentication/v1/session-token', { clientId }, accessToken);

  it('the pages’ member gets a session token for the app, which the authorize request takes', async () => {
    const { sessionToken } = await signedIn();
    const pages = await memberTokens(t, { clientId: pagesClientId, sessionToken });
    const handed = await handOver(pages.access_token);
    expect(handed.statusCode).toBe(200);
    const { challenge } = pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const reply = await authorize({
      prompt: 'select_account',
      sessionToken: handed.json().sessionToken,
      ...pkce,
    });
    expect(locationOf(reply).searchParams.get('code')).toMatch(/^osc_/);

    // prompt=login wants the password typed now: a handed-over token leads to the login page instead.
    const forLogin = (await handOver(pages.access_token)).json().sessionToken;
    const login = await authorize({ prompt: 'login', sessionToken: forLogin, ...pkce });
    expect(String(login.headers.location)).toMatch(/^\/login\?returnTo=/);
    // … and is still unspent, since nothing was issued for it.
    const none = await authorize({ prompt: 'none', sessionToken: forLogin, ...pkce });
    expect(locationOf(none).searchParams.get('code')).toMatch(/^osc_/);
  });

  it('only for a session of the store’s own pages, and for an existing app', async () => {
    const { sessionToken } = await signedIn();
    const appMember = await memberTokens(t, { clientId: appClientId, sessionToken });
    const fromApp = await handOver(appMember.access_token);
    expect(fromApp.statusCode).toBe(403);
    expect(fromApp.json().details.applicationError.code).toBe('PERMISSION_DENIED');
    expect((await handOver(undefined)).statusCode).toBe(401);
    const pages = await memberTokens(t, {
      clientId: pagesClientId,
      sessionToken: (await signedIn()).sessionToken,
    });
    const unknown = await handOver(pages.access_token, 'no-such-client');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.validationError.fieldViolations[0].field).toBe('clientId');
  });
});
