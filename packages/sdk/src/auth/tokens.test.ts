import { describe, expect, it } from 'vitest';
import { SessionExpiredError, SystemError, TokenRequestError } from '../errors.js';
import { deferred, type FakeReply, fakeFetch, replies } from '../testing/fake-fetch.js';
import { BASE, NOW, NOW_MS, setup, stored, tokenReply } from '../testing/token-manager.js';
import { createTransport } from '../transport.js';
import { memoryStorage } from './token-storage.js';
import { createTokenManager, isTokenExpired } from './tokens.js';

describe('isTokenExpired (spec §5)', () => {
  it.each([
    [99, 100, true],
    [100, 100, false],
    [101, 100, false],
  ])('expiresAt %i at %i → %s', (expiresAt, now, expired) => {
    expect(isTokenExpired({ value: 't', expiresAt }, now)).toBe(expired);
  });
});

describe('visitor tokens', () => {
  it('mints visitor tokens ONCE for three parallel first calls', async () => {
    const gate = deferred<FakeReply>();
    const { fake, manager } = setup(() => gate.promise);
    const calls = [manager.getAccessToken(), manager.getAccessToken(), manager.getAccessToken()];
    gate.resolve(tokenReply('visitor-1'));
    expect(await Promise.all(calls)).toEqual(['visitor-1', 'visitor-1', 'visitor-1']);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.url).toBe(`${BASE}/oauth2/token`);
    expect(fake.calls[0]?.method).toBe('POST');
    expect(fake.calls[0]?.rawBody).toBe('{"clientId":"client-1","grantType":"anonymous"}');
    expect(fake.calls[0]?.headers['content-type']).toBe('application/json');
    expect(fake.calls[0]?.headers).not.toHaveProperty('authorization');
    expect(manager.getTokens()).toEqual({
      accessToken: { value: 'visitor-1', expiresAt: NOW + 3600 },
      refreshToken: { value: 'refresh-visitor-1', role: 'visitor' },
    });
    expect(manager.loggedIn()).toBe(false);
    // Later calls reuse the stored token.
    await manager.getAccessToken();
    expect(fake.calls).toHaveLength(1);
  });

  it('starts a new single flight after a failed one', async () => {
    const { fake, manager } = setup(replies({ status: 503, body: {} }, tokenReply('v2')));
    const first = await Promise.allSettled([manager.getAccessToken(), manager.getAccessToken()]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await manager.getAccessToken()).toBe('v2');
    expect(fake.calls).toHaveLength(2);
  });

  it.each([
    [3600, NOW + 3600],
    ['120', NOW + 120],
  ])('accepts expires_in %j', async (expiresIn, expiresAt) => {
    const { manager } = setup(replies(tokenReply('v', { expires_in: expiresIn })));
    await manager.getAccessToken();
    expect(manager.getTokens()?.accessToken.expiresAt).toBe(expiresAt);
  });

  it('takes the role from refresh_token_role when the server sends it', async () => {
    const { manager } = setup(replies(tokenReply('v', { refresh_token_role: 'none' })));
    await manager.getAccessToken();
    expect(manager.getTokens()?.refreshToken.role).toBe('none');
  });
});

describe('refresh', () => {
  it('uses a stored token until it is earlier than now, then refreshes with the refresh_token grant', async () => {
    const storage = memoryStorage(stored('member', NOW));
    const { fake, manager } = setup(replies({ body: { access_token: 'fresh', expires_in: 60 } }), storage);
    expect(await manager.getAccessToken()).toBe('old-access');
    expect(fake.calls).toHaveLength(0);

    storage.set(stored('member', NOW - 1));
    expect(await manager.getAccessToken()).toBe('fresh');
    expect(fake.calls[0]?.body).toEqual({
      clientId: 'client-1',
      grantType: 'refresh_token',
      refreshToken: 'refresh-member',
    });
    // The refresh token and its role survive a reply that has no new one.
    expect(manager.getTokens()).toEqual({
      accessToken: { value: 'fresh', expiresAt: NOW + 60 },
      refreshToken: { value: 'refresh-member', role: 'member' },
    });
    expect(manager.loggedIn()).toBe(true);
  });

  it('stores a rotated refresh token', async () => {
    const { manager } = setup(replies(tokenReply('fresh')), memoryStorage(stored('member', NOW - 10)));
    await manager.getAccessToken();
    expect(manager.getTokens()?.refreshToken).toEqual({ value: 'refresh-fresh', role: 'member' });
  });

  it('refreshes when only a refresh token is stored (empty access token)', async () => {
    const { fake, manager } = setup(
      replies(tokenReply('fresh')),
      memoryStorage(stored('member', NOW + 999, '')),
    );
    expect(await manager.getAccessToken()).toBe('fresh');
    expect(fake.calls[0]?.body).toMatchObject({ grantType: 'refresh_token' });
  });

  it('a refused MEMBER refresh throws SessionExpiredError, clears tokens and mints no visitor', async () => {
    const { fake, manager } = setup(
      replies(
        { status: 401, statusText: 'Unauthorized', body: { message: 'revoked' } },
        tokenReply('visitor'),
      ),
      memoryStorage(stored('member', NOW - 1)),
    );
    const results = await Promise.allSettled([manager.getAccessToken(), manager.getAccessToken()]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as SessionExpiredError;
      expect(error).toBeInstanceOf(SessionExpiredError);
      expect(error.status).toBe(401);
      expect((error.cause as Error).message).toContain(
        'Failed to fetch tokens from OAuth API: Unauthorized.',
      );
    }
    expect(fake.calls).toHaveLength(1);
    expect(manager.getTokens()).toBeUndefined();
    expect(manager.loggedIn()).toBe(false);
    // Only the app's next call, after it was told, starts a visitor session.
    expect(await manager.getAccessToken()).toBe('visitor');
    expect(fake.calls[1]?.body).toEqual({ clientId: 'client-1', grantType: 'anonymous' });
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['a 500', () => ({ status: 500, body: { message: 'db down' } })],
  ])(
    'a member refresh that fails with %s keeps the session and surfaces the error',
    async (_name, handler) => {
      const { fake, manager } = setup(handler, memoryStorage(stored('member', NOW - 1)));
      const error = await manager.getAccessToken().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TokenRequestError);
      expect(error).not.toBeInstanceOf(SessionExpiredError);
      expect((error as Error).message).toMatch(/^Failed to fetch tokens from OAuth API: /);
      expect(manager.getTokens()?.refreshToken.role).toBe('member');
      expect(fake.calls).toHaveLength(1);
    },
  );

  it('a refused VISITOR refresh mints new visitor tokens', async () => {
    const { fake, manager } = setup(
      replies({ status: 400, body: { message: 'unknown token' } }, tokenReply('visitor-2')),
      memoryStorage(stored('visitor', NOW - 1)),
    );
    expect(await manager.getAccessToken()).toBe('visitor-2');
    expect(fake.calls.map((c) => (c.body as { grantType: string }).grantType)).toEqual([
      'refresh_token',
      'anonymous',
    ]);
    expect(manager.getTokens()?.refreshToken).toEqual({ value: 'refresh-visitor-2', role: 'visitor' });
  });
});

describe('token endpoint errors', () => {
  it.each<[FakeReply, string]>([
    [
      {
        status: 400,
        statusText: 'Bad Request',
        headers: { 'x-wix-request-id': 'req-9' },
        body: { message: 'bad client' },
      },
      'Failed to fetch tokens from OAuth API: Bad Request. request id: req-9. Response: {"message":"bad client"}',
    ],
    [
      { status: 403, body: { message: 'no' } },
      'Failed to fetch tokens from OAuth API: Forbidden. request id: none. Response: {"message":"no"}',
    ],
    [
      { status: 502, rawBody: 'upstream down' },
      'Failed to fetch tokens from OAuth API: Bad Gateway. request id: none. Response: upstream down',
    ],
    [
      { status: 200, headers: { 'x-wix-request-id': 'r' }, body: { refresh_token: 'x', expires_in: 1 } },
      'Failed to fetch tokens from OAuth API: invalid token response. request id: r. Response: {"refresh_token":"x","expires_in":1}',
    ],
    [
      { status: 200, body: { access_token: 'a', refresh_token: 'x', expires_in: 'soon' } },
      'Failed to fetch tokens from OAuth API: invalid token response. request id: none. Response: {"access_token":"a","refresh_token":"x","expires_in":"soon"}',
    ],
  ])('%o → %s', async (reply, message) => {
    const { manager } = setup(replies(reply));
    const error = await manager.getAccessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect((error as TokenRequestError).message).toBe(message);
    expect((error as TokenRequestError).status).toBe(reply.status);
    expect((error as TokenRequestError).requestId).toBe(reply.headers?.['x-wix-request-id']);
    expect(manager.getTokens()).toBeUndefined();
  });

  it('reports network failures with their reason', async () => {
    const { manager } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const error = (await manager.getAccessToken().catch((e: unknown) => e)) as TokenRequestError;
    expect(error.message).toBe('Failed to fetch tokens from OAuth API: fetch failed');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('the token message reaches the caller of a module call (not "System error occurred")', async () => {
    const fake = fakeFetch((request) =>
      request.url.endsWith('/oauth2/token')
        ? {
            status: 400,
            statusText: 'Bad Request',
            headers: { 'x-wix-request-id': 'req-t' },
            body: { message: 'unknown client' },
          }
        : { body: { cart: {} } },
    );
    const manager = createTokenManager({
      clientId: 'nope',
      baseUrl: BASE,
      fetch: fake.fetch,
      now: () => NOW_MS,
    });
    const transport = createTransport({
      baseUrl: BASE,
      fetch: fake.fetch,
      getAuthHeader: manager.getAccessToken,
    });
    const error = await transport
      .request({ method: 'GET', path: '/ecom/v1/carts/current' })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SystemError);
    expect((error as Error).message).toBe(
      'Failed to fetch tokens from OAuth API: Bad Request. request id: req-t. Response: {"message":"unknown client"}',
    );
    expect(fake.calls.map((c) => c.url)).toEqual([`${BASE}/oauth2/token`]);
  });

  it('a module call sends the minted token raw in Authorization', async () => {
    const fake = fakeFetch((request) =>
      request.url.endsWith('/oauth2/token') ? tokenReply('visitor-9') : { body: { cart: {} } },
    );
    const manager = createTokenManager({ clientId: 'client-1', baseUrl: BASE, fetch: fake.fetch });
    const transport = createTransport({
      baseUrl: BASE,
      fetch: fake.fetch,
      getAuthHeader: manager.getAccessToken,
    });
    await transport.request({ method: 'GET', path: '/ecom/v1/carts/current' });
    expect(fake.calls[1]?.headers.authorization).toBe('visitor-9');
  });
});
