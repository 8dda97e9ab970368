import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../../server/src/http/inject-fetch.js';
import type { TestProduct } from '../../server/src/testing/ecom.js';
import { setSettings } from '../../server/src/testing/identity.js';
import { createClient, type OpenshelfClient } from '../src/client.js';
import { ApplicationError, SessionExpiredError } from '../src/errors.js';
import {
  mailedCode,
  mailedMessages,
  recordingFetch,
  type SdkServer,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  seedStore,
  startServer,
} from './harness.js';

let server: SdkServer;
let products: TestProduct[];

beforeAll(async () => {
  server = await startServer();
  products = await seedStore(server);
});
afterAll(() => server.close());

const email = () => `sdk-${randomBytes(4).toString('hex')}@example.com`;
const PASSWORD = 'correct horse 42';

function newClient(fetch?: ReturnType<typeof recordingFetch>['fetch']): OpenshelfClient {
  return createClient({
    baseUrl: server.baseUrl,
    clientId: server.clientId,
    redirectUri: SHOP_CALLBACK,
    ...(fetch ? { fetch } : {}),
  });
}

/** A member signed in on a fresh client (registration without e-mail verification). */
async function signedInMember(fetch?: ReturnType<typeof recordingFetch>['fetch']) {
  const client = newClient(fetch);
  const address = email();
  const result = await client.auth.register({ email: address, password: PASSWORD });
  if (result.loginState !== 'SUCCESS') throw new Error(`register ended in ${result.loginState}`);
  await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
  return { client, address };
}

describe('register, verify, log in', () => {
  it('registers with an e-mailed code and keeps the visitor cart', async () => {
    await setSettings(server.t, server.ownerKey, { requireEmailVerification: true });
    try {
      const client = newClient();
      await client.currentCart.addToCart({
        lineItems: [{ catalogReference: { catalogItemId: products[0]!.id }, quantity: 2 }],
      });
      const address = email();
      const registered = await client.auth.register({
        email: address,
        password: PASSWORD,
        profile: { firstName: 'Ada' },
      });
      expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      expect(client.auth.loginState.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');

      await expect(client.auth.processVerification({ verificationCode: '000000' })).rejects.toBeInstanceOf(
        ApplicationError,
      );
      const verified = await client.auth.processVerification({
        verificationCode: await mailedCode(server, address),
      });
      expect(verified.loginState).toBe('SUCCESS');
      if (verified.loginState !== 'SUCCESS') return;

      const tokens = await client.auth.getMemberTokensForDirectLogin(verified.data.sessionToken);
      expect(tokens.refreshToken.role).toBe('member');
      expect(client.auth.loggedIn()).toBe(true);
      const member = await client.members.getCurrentMember();
      expect(member.email).toEqual({ address, isVerified: true });
      expect(member.identityProfile.firstName).toBe('Ada');
      expect(member.createdDate).toBeInstanceOf(Date);
      // The visitor's cart became the member's.
      expect((await client.currentCart.get())?.lineItems[0]?.quantity).toBe(2);
    } finally {
      await setSettings(server.t, server.ownerKey, { requireEmailVerification: false });
    }
  });

  it('logs in, with the sign-in error codes for a wrong password and a taken e-mail', async () => {
    const { address } = await signedInMember();
    const client = newClient();
    expect(await client.auth.login({ email: address, password: 'wrong password' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(await client.auth.register({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    const result = await client.auth.login({ email: address, password: PASSWORD });
    expect(result.loginState).toBe('SUCCESS');
    if (result.loginState === 'SUCCESS')
      await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
    expect((await client.members.getCurrentMember()).email.address).toBe(address);
  });

  it('e-mails a password reset link', async () => {
    const { address } = await signedInMember();
    await newClient().auth.sendPasswordResetEmail(address, `${SHOP_ORIGIN}/reset-password`);
    // Sent after the reply, which must not take longer for an address that has an account.
    const [newest] = await mailedMessages(server, address);
    expect(newest?.text).toContain('reset-password?token=');
  });
});

describe('server rendering', () => {
  it('signs in through the in-process fetch the storefront hands its loaders', async () => {
    const { address } = await signedInMember();
    // What the storefront's SSR uses: app.inject behind a fetch, with the public URL as the base.
    const ssr = createClient({
      baseUrl: 'https://shop.example',
      clientId: server.clientId,
      fetch: injectFetch(server.t.app),
      redirectUri: SHOP_CALLBACK,
    });
    const result = await ssr.auth.login({ email: address, password: PASSWORD });
    if (result.loginState !== 'SUCCESS') throw new Error(result.loginState);
    await ssr.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
    expect(ssr.auth.loggedIn()).toBe(true);
    expect((await ssr.members.getCurrentMember()).email.address).toBe(address);
  });
});

describe('PKCE redirect flow', () => {
  it('goes through /oauth2/authorize and exchanges the code', async () => {
    const { address } = await signedInMember();
    const client = newClient();
    const login = await client.auth.login({ email: address, password: PASSWORD });
    if (login.loginState !== 'SUCCESS') throw new Error(login.loginState);

    const oauthData = await client.auth.generateOAuthData(SHOP_CALLBACK, `${SHOP_ORIGIN}/account`);
    const { authUrl, authorizationEndpoint } = await client.auth.getAuthUrl(oauthData, {
      responseMode: 'query',
      sessionToken: login.data.sessionToken,
    });
    expect(authorizationEndpoint).toContain('/oauth2/authorize');
    // The browser's part: follow the authorize URL to the callback.
    const url = new URL(authUrl);
    const authorize = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
    const callback = authorize.headers.get('location') ?? '';
    expect(callback.startsWith(SHOP_CALLBACK)).toBe(true);

    const { code, state } = client.auth.parseFromUrl(callback, 'query');
    await expect(client.auth.getMemberTokens(code, 'forged', oauthData)).rejects.toThrow('Invalid _state');
    const tokens = await client.auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    expect((await client.members.getCurrentMember()).email.address).toBe(address);
  });

  it('sends a visitor without a session to the login page', async () => {
    const client = newClient();
    const oauthData = await client.auth.generateOAuthData(SHOP_CALLBACK);
    const { authUrl } = await client.auth.getAuthUrl(oauthData);
    const url = new URL(authUrl);
    const authorize = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(authorize.headers.get('location')).toContain('/login?returnTo=');
  });
});

describe('token lifecycle', () => {
  it('refreshes an expired member access token and stays a member', async () => {
    const recorder = recordingFetch();
    const { client } = await signedInMember(recorder.fetch);
    const before = client.auth.getTokens()!;
    client.auth.setTokens({
      ...before,
      accessToken: { ...before.accessToken, expiresAt: Math.floor(Date.now() / 1000) - 1 },
    });
    const mintsBefore = recorder.calls.filter((c) => c.path === '/oauth2/token').length;

    await client.members.getCurrentMember();
    const after = client.auth.getTokens()!;
    expect(recorder.calls.filter((c) => c.path === '/oauth2/token').length).toBe(mintsBefore + 1);
    expect(after.accessToken.value).not.toBe(before.accessToken.value);
    expect(after.refreshToken).toEqual(before.refreshToken);
    expect(client.auth.loggedIn()).toBe(true);
  });

  it('surfaces a refused member refresh instead of becoming a new visitor', async () => {
    const recorder = recordingFetch();
    const { client } = await signedInMember(recorder.fetch);
    // The session ends on the server (e.g. logged out on another device).
    await client.transport.request({ method: 'GET', path: '/_api/iam/authentication/v1/logout' });
    const tokens = client.auth.getTokens()!;
    client.auth.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 0 } });
    const mintsBefore = recorder.calls.filter((c) => c.path === '/oauth2/token').length;

    const error = await client.currentCart.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).requestId).toEqual(expect.any(String));
    // One refused refresh, no anonymous mint, and the member's tokens are gone.
    expect(recorder.calls.filter((c) => c.path === '/oauth2/token').length).toBe(mintsBefore + 1);
    expect(client.auth.getTokens()).toBeUndefined();
    expect(client.auth.loggedIn()).toBe(false);
  });

  it('logs out through a redirect session', async () => {
    const { client } = await signedInMember();
    const { logoutUrl } = await client.auth.logout(`${SHOP_ORIGIN}/`);
    expect(new URL(logoutUrl).pathname).toBe('/oauth2/logout');
    expect(client.auth.loggedIn()).toBe(false);
    expect(client.auth.getTokens()).toBeUndefined();
  });
});

describe('members', () => {
  it('updates the profile with addresses, guarded by the revision', async () => {
    const { client } = await signedInMember();
    const member = await client.members.getCurrentMember();
    const updated = await client.members.updateCurrentMember(
      {
        firstName: 'Grace',
        addresses: [
          {
            tag: 'HOME',
            address: { addressLine: '1 Main St', city: 'Springfield', country: 'US', postalCode: '12345' },
          },
        ],
      },
      { revision: member.revision },
    );
    expect(updated.identityProfile.firstName).toBe('Grace');
    expect(updated.identityProfile.addresses).toEqual([
      { tag: 'HOME', address: expect.objectContaining({ addressLine: '1 Main St', city: 'Springfield' }) },
    ]);
    const stale = await client.members
      .updateCurrentMember({ firstName: 'Stale' }, { revision: member.revision })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApplicationError);
    expect((stale as ApplicationError).status).toBe(409);
  });

  it('refuses a visitor', async () => {
    const error = await newClient()
      .members.getCurrentMember()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect([401, 403]).toContain((error as ApplicationError).status);
  });
});
