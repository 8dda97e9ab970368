import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tokens } from '../auth/token-storage.js';
import { createClient } from '../client.js';
import { type FakeHandler, fakeFetch, type RecordedRequest } from '../testing/fake-fetch.js';

afterEach(() => vi.unstubAllGlobals());

const VISITOR: Tokens = {
  accessToken: { value: 'visitor-access', expiresAt: 4_000_000_000 },
  refreshToken: { value: 'visitor-refresh', role: 'visitor' },
};
const CALLBACK = 'https://shop.example/callback';
const SESSION = {
  fullUrl: 'https://public.example/oauth2/authorize?client_id=client-1',
  urlDetails: { endpoint: 'https://public.example/oauth2/authorize', searchParams: {} },
};

const path = (request: RecordedRequest) => new URL(request.url).pathname;
const authRequest = (request: RecordedRequest) =>
  (request.body as { auth: { authRequest: Record<string, string> } }).auth.authRequest;

/** A server: redirect sessions, an authorize endpoint answering as `authorize` says, and the token endpoint. */
function server(authorize: (state: string) => { status: number; location?: string }): FakeHandler {
  let state = '';
  return (request) => {
    if (path(request) === '/_api/redirects-api/v1/redirect-session') {
      state = request.body && 'auth' in (request.body as object) ? (authRequest(request).state ?? '') : '';
      return { body: { redirectSession: SESSION } };
    }
    if (path(request) === '/oauth2/authorize') {
      const answer = authorize(state);
      return {
        status: answer.status,
        rawBody: '',
        headers: answer.location ? { location: answer.location } : ({} as Record<string, string>),
      };
    }
    if (path(request) === '/oauth2/token') {
      return {
        body: {
          access_token: 'member-access',
          refresh_token: 'member-refresh',
          expires_in: 3600,
          refresh_token_role: 'member',
        },
      };
    }
    return { status: 404, body: { message: 'not here' } };
  };
}

const client = (handler: FakeHandler, redirectUri?: string) => {
  const fake = fakeFetch(handler);
  return {
    fake,
    client: createClient({
      baseUrl: 'https://api.example',
      clientId: 'client-1',
      fetch: fake.fetch,
      tokens: VISITOR,
      ...(redirectUri ? { redirectUri } : {}),
    }),
  };
};

describe('auth without a client id', () => {
  const anonymous = createClient({
    baseUrl: 'https://api.example',
    fetch: fakeFetch(() => ({ body: {} })).fetch,
  });
  it.each([
    ['generateVisitorTokens', () => anonymous.auth.generateVisitorTokens()],
    ['setTokens', async () => anonymous.auth.setTokens(VISITOR)],
    ['sendPasswordResetEmail', () => anonymous.auth.sendPasswordResetEmail('a@b.c', CALLBACK)],
    ['getAuthUrl', async () => anonymous.auth.getAuthUrl(await anonymous.auth.generateOAuthData(CALLBACK))],
    [
      'getMemberTokens',
      async () => anonymous.auth.getMemberTokens('c', 's', await anonymous.auth.generateOAuthData(CALLBACK)),
    ],
    ['getMemberTokensForDirectLogin', () => anonymous.auth.getMemberTokensForDirectLogin('st', CALLBACK)],
    ['loginWithPopup', () => anonymous.auth.loginWithPopup({ redirectUri: CALLBACK })],
    ['logout', () => anonymous.auth.logout('https://shop.example/')],
  ])('%s says that a client id is needed', async (name, call) => {
    await expect(call()).rejects.toThrow(`${name} needs an OAuth client: pass createClient({ clientId })`);
  });

  it('is not logged in and has no tokens', () => {
    expect(anonymous.auth.loggedIn()).toBe(false);
    expect(anonymous.auth.getTokens()).toBeUndefined();
  });
});

describe('getAuthUrl', () => {
  it('asks for a redirect session with the PKCE request and the defaults', async () => {
    const { client: c, fake } = client(server(() => ({ status: 200 })));
    const oauthData = await c.auth.generateOAuthData(CALLBACK);
    const { authUrl, authorizationEndpoint } = await c.auth.getAuthUrl(oauthData);
    expect(authUrl).toBe(SESSION.fullUrl);
    expect(authorizationEndpoint).toBe(SESSION.urlDetails.endpoint);
    expect(fake.calls[0]!.body).toEqual({
      auth: {
        authRequest: {
          clientId: 'client-1',
          redirectUri: CALLBACK,
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: oauthData.state,
        },
        prompt: 'login',
      },
    });
  });
});

describe('getMemberTokensForDirectLogin outside a browser', () => {
  it('needs a redirect URI', async () => {
    const { client: c } = client(server(() => ({ status: 200 })));
    await expect(c.auth.getMemberTokensForDirectLogin('st')).rejects.toThrow(
      'needs a redirect URI registered',
    );
  });

  it('follows the authorize redirect on the client’s own base URL and stores member tokens', async () => {
    const { client: c, fake } = client(
      server((state) => ({ status: 302, location: `${CALLBACK}?code=code-1&state=${state}` })),
      CALLBACK,
    );
    const tokens = await c.auth.getMemberTokensForDirectLogin('session-1');
    expect(tokens.refreshToken.role).toBe('member');
    expect(c.auth.loggedIn()).toBe(true);
    const [session, authorize, exchange] = fake.calls;
    expect(authRequest(session!)).toMatchObject({
      responseMode: 'query',
      sessionToken: 'session-1',
      redirectUri: CALLBACK,
    });
    expect((session!.body as { auth: { prompt: string } }).auth.prompt).toBe('none');
    // The redirect session's public URL is fetched on the API base URL the client was given.
    expect(authorize!.url).toBe('https://api.example/oauth2/authorize?client_id=client-1');
    expect(exchange!.body).toMatchObject({
      grantType: 'authorization_code',
      code: 'code-1',
      redirectUri: CALLBACK,
    });
  });

  it('passes the server’s error on', async () => {
    const { client: c } = client(
      server((state) => ({
        status: 302,
        location: `${CALLBACK}?error=login_required&error_description=Log+in&state=${state}`,
      })),
      CALLBACK,
    );
    await expect(c.auth.getMemberTokensForDirectLogin('expired')).rejects.toThrow('login_required: Log in');
    expect(c.auth.loggedIn()).toBe(false);
  });

  it('explains an authorize answer without a redirect', async () => {
    const { client: c } = client(
      server(() => ({ status: 200 })),
      CALLBACK,
    );
    await expect(c.auth.getMemberTokensForDirectLogin('st')).rejects.toThrow(
      'Direct login failed: the authorize endpoint answered HTTP 200 without a redirect to https://shop.example/callback',
    );
  });
});

describe('getMemberTokensForDirectLogin in a browser', () => {
  it('uses a hidden iframe with web_message and exchanges without a redirect URI', async () => {
    let onMessage: ((event: MessageEvent) => void) | undefined;
    vi.stubGlobal('window', {
      addEventListener: (_: string, listener: (event: MessageEvent) => void) => {
        onMessage = listener;
      },
      removeEventListener: () => {},
    });
    let state = '';
    vi.stubGlobal('document', {
      body: {
        appendChild: () =>
          setTimeout(() =>
            onMessage?.({ origin: 'https://public.example', data: { code: 'c9', state } } as MessageEvent),
          ),
      },
      createElement: () => ({ style: {}, remove: () => {} }),
    });
    // A redirect URI configured for SSR must not leak into the browser's web_message flow.
    const { client: c, fake } = client((request) => {
      if (path(request) === '/_api/redirects-api/v1/redirect-session') state = authRequest(request).state!;
      return server(() => ({ status: 500 }))(request, 0);
    }, CALLBACK);
    await c.auth.getMemberTokensForDirectLogin('session-2');
    const [session, exchange] = fake.calls;
    expect(authRequest(session!)).toMatchObject({ responseMode: 'web_message', sessionToken: 'session-2' });
    expect(authRequest(session!).redirectUri).toBeUndefined();
    expect(exchange!.body).toMatchObject({ code: 'c9' });
    expect(exchange!.body).not.toHaveProperty('redirectUri');
  });
});

describe('the other calls', () => {
  it('loginWithPopup needs a redirect URI', async () => {
    const { client: c } = client(server(() => ({ status: 200 })));
    await expect(c.auth.loginWithPopup()).rejects.toThrow('loginWithPopup needs a redirectUri');
  });

  it('logout asks for a logout session and forgets the tokens', async () => {
    const { client: c, fake } = client(server(() => ({ status: 200 })));
    expect(await c.auth.logout('https://shop.example/')).toEqual({ logoutUrl: SESSION.fullUrl });
    expect(fake.calls[0]!.body).toEqual({
      logout: { clientId: 'client-1' },
      callbacks: { postFlowUrl: 'https://shop.example/' },
    });
    expect(c.auth.getTokens()).toBeUndefined();
  });

  it('sendPasswordResetEmail sends the client id with the redirect', async () => {
    const { client: c, fake } = client(() => ({ body: {} }));
    await c.auth.sendPasswordResetEmail('a@b.c', 'https://shop.example/reset');
    expect(fake.calls[0]!.body).toEqual({
      email: 'a@b.c',
      redirect: { url: 'https://shop.example/reset', clientId: 'client-1' },
    });
    await c.auth.sendPasswordResetEmail('a@b.c', 'https://shop.example/reset', {
      captchaTokens: { recaptchaToken: 'solved' },
    });
    expect(fake.calls[1]!.body).toMatchObject({ captchaTokens: [{ Recaptcha: 'solved' }] });
  });

  it('generateVisitorTokens returns the stored tokens without minting again', async () => {
    const { client: c, fake } = client(() => ({ body: {} }));
    expect(await c.auth.generateVisitorTokens()).toEqual(VISITOR);
    expect(fake.calls).toHaveLength(0);
  });

  it('passes captcha tokens and keeps the login state', async () => {
    const { client: c, fake } = client(() => ({
      status: 400,
      body: { details: { applicationError: { code: '-19971' } } },
    }));
    const result = await c.auth.login({
      email: 'a@b.c',
      password: 'p',
      captchaTokens: { invisibleRecaptchaToken: 'inv' },
    });
    expect(result.loginState).toBe('USER_CAPTCHA_REQUIRED');
    expect(c.auth.loginState).toEqual(result);
    expect(fake.calls[0]!.body).toMatchObject({ captchaTokens: [{ InvisibleRecaptcha: 'inv' }] });
  });
});
