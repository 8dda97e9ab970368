import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  pkcePair,
  registerMember,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  setSettings,
  uniqueEmail,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';

let t: TestApp;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  await setSettings(t, owner, { requireEmailVerification: false });
});
afterAll(() => t.close());

const { challenge } = pkcePair();
const authorize = (params: Record<string, string>) =>
  t.app.inject(
    `/oauth2/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: SHOP_CALLBACK,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'offline_access',
      state: 'state-1',
      ...params,
    })}`,
  );
const session = async () => (await registerMember(t, { email: uniqueEmail() })).sessionToken;

describe('GET /oauth2/authorize', () => {
  it('redirects to redirect_uri with code and state in the query or the fragment (prompt=none)', async () => {
    const query = await authorize({ response_mode: 'query', prompt: 'none', sessionToken: await session() });
    expect(query.statusCode).toBe(302);
    const inQuery = new URL(String(query.headers.location));
    expect(inQuery.origin + inQuery.pathname).toBe(SHOP_CALLBACK);
    expect(inQuery.searchParams.get('code')).toMatch(/^osc_/);
    expect(inQuery.searchParams.get('state')).toBe('state-1');

    const fragment = await authorize({
      response_mode: 'fragment',
      prompt: 'none',
      sessionToken: await session(),
    });
    const inFragment = new URL(String(fragment.headers.location));
    expect(inFragment.search).toBe('');
    const params = new URLSearchParams(inFragment.hash.slice(1));
    expect(params.get('code')).toMatch(/^osc_/);
    expect(params.get('state')).toBe('state-1');
    expect(fragment.headers['cache-control']).toBe('no-store');
  });

  it('uses a session token once', async () => {
    const sessionToken = await session();
    expect((await authorize({ prompt: 'none', sessionToken })).statusCode).toBe(302);
    const second = await authorize({ prompt: 'none', sessionToken });
    expect(new URL(String(second.headers.location)).searchParams.get('error')).toBe('login_required');
  });

  it('posts the code to the parent window for web_message, with a strict CSP and no redirect URI', async () => {
    const reply = await authorize({
      response_mode: 'web_message',
      prompt: 'none',
      redirect_uri: '',
      sessionToken: await session(),
    });
    // An empty redirect_uri is not "none": it is not registered, so the page refuses.
    expect(reply.statusCode).toBe(400);
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      response_mode: 'web_message',
      prompt: 'none',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: '<script>',
      sessionToken: await session(),
    });
    const page = await t.app.inject(`/oauth2/authorize?${params}`);
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${SHOP_ORIGIN}`);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(page.body).toContain(`window.parent.postMessage(m,o[i])`);
    expect(page.body).toMatch(/"code":"osc_[\w-]+"/);
    expect(page.body).toContain('"state":"\\u003cscript>"');
    expect(page.body).not.toContain('<script>"');
  });

  it('sends the browser to the hosted login page without a valid session, or answers login_required for prompt=none', async () => {
    const login = await authorize({ prompt: 'login', sessionToken: 'oss_not-a-real-one' });
    expect(login.statusCode).toBe(302);
    const location = new URL(String(login.headers.location), 'http://store.local');
    expect(location.pathname).toBe('/login');
    const returnTo = location.searchParams.get('returnTo') as string;
    expect(returnTo.startsWith('/oauth2/authorize?')).toBe(true);
    expect(returnTo).not.toContain('sessionToken');
    expect(new URLSearchParams(returnTo.split('?')[1]).get('state')).toBe('state-1');
    const none = await authorize({ prompt: 'none' });
    expect(new URL(String(none.headers.location)).searchParams.get('error')).toBe('login_required');
  });

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
    const unknown = await authorize({ client_id: 'who', prompt: 'none' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('Unknown app');
    for (const redirect of [
      'https://evil.example/callback',
      'javascript:alert(1)',
      `${SHOP_ORIGIN}.evil.example/cb`,
    ]) {
      const reply = await authorize({ redirect_uri: redirect, prompt: 'none' });
      expect(reply.statusCode, redirect).toBe(400);
      expect(reply.headers.location).toBeUndefined();
    }
    // Another path on the client's allowed origin is not a registered redirect URI (ADR 029).
    const onOrigin = await authorize({ redirect_uri: `${SHOP_ORIGIN}/other/path`, prompt: 'none' });
    expect(onOrigin.statusCode).toBe(400);
    expect(onOrigin.headers.location).toBeUndefined();
    expect(onOrigin.body).toContain('compared exactly');
  });

  it('reports bad requests to a verified redirect URI (response type, challenge method, scope)', async () => {
    const errorOf = async (params: Record<string, string>) =>
      new URL(String((await authorize({ prompt: 'none', ...params })).headers.location)).searchParams.get(
        'error',
      );
    expect(await errorOf({ response_type: 'token' })).toBe('unsupported_response_type');
    expect(await errorOf({ code_challenge_method: 'plain' })).toBe('invalid_request');
    expect(await errorOf({ scope: 'admin' })).toBe('invalid_scope');
  });
});

describe('logout page and login callback', () => {
  it('returns to a registered post-logout URI and refuses others', async () => {
    const ok = await t.app.inject(
      `/oauth2/logout?client_id=${clientId}&post_logout_redirect_uri=${encodeURIComponent(`${SHOP_ORIGIN}/bye`)}`,
    );
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe(`${SHOP_ORIGIN}/bye`);
    const evil = await t.app.inject(
      `/oauth2/logout?client_id=${clientId}&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    const plain = await t.app.inject('/oauth2/logout');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('logged out');
  });

  it('continues an authorize request from the hosted login page, and only that', async () => {
    const state = `/oauth2/authorize?client_id=${clientId}&prompt=login&state=x`;
    const reply = await t.app.inject(
      `/_api/iam/authentication/v1/callback?state=${encodeURIComponent(state)}&sessionToken=oss_abc`,
    );
    expect(reply.statusCode).toBe(302);
    const next = new URL(String(reply.headers.location), 'http://store.local');
    expect(next.pathname).toBe('/oauth2/authorize');
    expect(next.searchParams.get('sessionToken')).toBe('oss_abc');
    const open = await t.app.inject(
      `/v1/callback?state=${encodeURIComponent('https://evil.example/')}&sessionToken=oss_abc`,
    );
    expect(open.statusCode).toBe(400);
    expect(open.headers.location).toBeUndefined();
  });
});
