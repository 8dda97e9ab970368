import { redirects } from '@wix/redirects';
import { createClient as createWixClient, OAuthStrategy } from '@wix/sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  setSettings,
  uniqueEmail,
} from '../../testing/identity.js';
import { merchantKey, type TestApp } from '../../testing/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { IdentityHooks, type VisitorBecameMember } from './identity-hooks.deps.js';

const hooks = new IdentityHooks();

// The real public client (@wix/sdk OAuthStrategy) against a listening server, pointed at it by
// rewriting the global fetch exactly as wire-protocol.md §1.3 shows. If it fails, the server is wrong.
let restoreFetch: () => void = () => {};

let t: TestApp;
let smtp: TestSmtpServer;
let base: string;
let clientId: string;
let owner: string;
const hookCalls: Omit<VisitorBecameMember, 'tx'>[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ({ t, base } = await listeningTestApp({ env: { SMTP_URL: smtp.url }, identityHooks: hooks }));
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  restoreFetch = routeWixSdkTo(base);
  unsubscribe = hooks.onVisitorBecameMember(({ tx: _tx, ...event }) => {
    hookCalls.push(event);
  });
});

afterAll(async () => {
  restoreFetch();
  unsubscribe?.();
  await t?.close();
  await smtp?.close();
});

const codeFrom = async (email: string) => {
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('verification code'));
  return /code is (\d{6})/.exec(mail.text)?.[1] as string;
};

describe('the public @wix/sdk OAuthStrategy against this server', () => {
  const email = uniqueEmail('sdk');
  const password = 'correct horse 1';
  const auth = () => OAuthStrategy({ clientId });

  it('mints visitor tokens and renews them; the refresh token is reusable', async () => {
    const strategy = auth();
    const visitor = await strategy.generateVisitorTokens();
    expect(visitor.refreshToken.role).toBe('visitor');
    expect(visitor.accessToken.expiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
    const renewed = await strategy.renewToken(visitor.refreshToken);
    const again = await strategy.renewToken(visitor.refreshToken);
    expect(renewed.accessToken.value).not.toBe('');
    expect(again.refreshToken).toEqual(visitor.refreshToken);
    expect(decodeJwt(again.accessToken.value).vid).toBe(decodeJwt(visitor.accessToken.value).vid);
  });

  it('registers → EMAIL_VERIFICATION_REQUIRED → processVerification with the e-mailed code → SUCCESS; login; authorize; member tokens; logout', async () => {
    const strategy = auth();
    const wix = createWixClient({ auth: strategy, modules: { redirects } });
    const visitor = await strategy.generateVisitorTokens();
    strategy.setTokens(visitor);
    const visitorId = decodeJwt(visitor.accessToken.value).vid;

    const registered = await strategy.register({
      email,
      password,
      profile: { nickname: 'Neo', firstName: 'N' },
    });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const verified = await strategy.processVerification({ verificationCode: await codeFrom(email) });
    expect(verified.loginState).toBe('SUCCESS');
    expect((verified as { data?: unknown }).data).toEqual({ sessionToken: expect.stringMatching(/^oss_/) });

    const loggedIn = await strategy.login({ email, password });
    expect(loggedIn.loginState).toBe('SUCCESS');
    const sessionToken = (loggedIn as unknown as { data: { sessionToken: string } }).data.sessionToken;

    const oauthData = strategy.generateOAuthData(SHOP_CALLBACK, `${SHOP_ORIGIN}/account`);
    // The typings omit `sessionToken`, but the client sends it (the full-page redirect flow).
    const { authUrl } = await strategy.getAuthUrl(oauthData, { prompt: 'none', sessionToken } as Parameters<
      typeof strategy.getAuthUrl
    >[1]);
    expect(authUrl.startsWith(`${base}/oauth2/authorize?`)).toBe(true);
    const page = await fetch(authUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const location = page.headers.get('location') as string;
    expect(location.startsWith(`${SHOP_CALLBACK}#`)).toBe(true);
    const { code, state } = strategy.parseFromUrl(location);
    const member = await strategy.getMemberTokens(code as string, state as string, oauthData);
    expect(member.refreshToken.role).toBe('member');
    strategy.setTokens(member);
    expect(strategy.loggedIn()).toBe(true);
    const claims = decodeJwt(member.accessToken.value);
    expect(claims.role).toBe('member');
    expect(hookCalls.filter((call) => call.memberId === claims.mid)).toEqual([
      { visitorId, memberId: claims.mid, sessionId: claims.sid },
    ]);

    // A module call with the member token, through the same rewritten fetch.
    const { redirectSession } = await wix.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` },
    });
    expect(redirectSession?.fullUrl).toMatch(new RegExp(`^${base}/login\\?session=osrs_`));

    const { logoutUrl } = await strategy.logout(`${SHOP_ORIGIN}/`);
    expect(strategy.loggedIn()).toBe(false);
    const out = await fetch(logoutUrl, { redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${SHOP_ORIGIN}/`);
    await expect(strategy.renewToken(member.refreshToken)).rejects.toThrow(
      /Failed to fetch tokens from OAuth API/,
    );
  });

  it('answers wrong password, existing e-mail, invalid e-mail and missing captcha with the codes the client maps', async () => {
    const strategy = auth();
    strategy.setTokens(await strategy.generateVisitorTokens());
    expect(await strategy.login({ email, password: 'wrong password' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(await strategy.register({ email, password })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    expect(await strategy.register({ email: 'not-an-email', password })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
    await setSettings(t, owner, { captchaMode: 'invisible' });
    try {
      expect(await strategy.register({ email: uniqueEmail(), password })).toMatchObject({
        errorCode: 'missingCaptchaToken',
      });
      expect(await strategy.login({ email, password })).toMatchObject({ errorCode: 'missingCaptchaToken' });
      expect(
        await strategy.login({ email, password, captchaTokens: { invisibleRecaptchaToken: 'forged' } }),
      ).toMatchObject({ errorCode: 'invalidCaptchaToken' });
    } finally {
      await setSettings(t, owner, { captchaMode: 'off' });
    }
  });

  it("takes the owner's captcha setting in the store settings' shape too: the next sign-up and login ask", async () => {
    const patch = (body: object) =>
      fetch(`${base}/admin-api/v1/identity-settings`, {
        method: 'PATCH',
        headers: { authorization: owner, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const strategy = auth();
    strategy.setTokens(await strategy.generateVisitorTokens());
    const changed = await patch({ settings: { captchaMode: 'visible' } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ captchaMode: 'visible' });
    try {
      expect(
        ((await (await fetch(`${base}/_api/iam/captcha/v1/settings`)).json()) as { mode: string }).mode,
      ).toBe('visible');
      expect(await strategy.register({ email: uniqueEmail(), password })).toMatchObject({
        loginState: 'FAILURE',
        errorCode: 'missingCaptchaToken',
      });
      expect(await strategy.login({ email, password })).toMatchObject({ errorCode: 'missingCaptchaToken' });
      // A setting sent in both places is refused by name, and nothing changes.
      const twice = await patch({ captchaMode: 'off', settings: { captchaMode: 'invisible' } });
      expect(twice.status).toBe(400);
      expect(
        ((await twice.json()) as { details: { validationError: { fieldViolations: unknown[] } } }).details
          .validationError.fieldViolations,
      ).toEqual([
        expect.objectContaining({ field: 'settings.captchaMode', violatedRule: 'ONE_OF_ALIGNMENT' }),
      ]);
      expect(
        ((await (await fetch(`${base}/_api/iam/captcha/v1/settings`)).json()) as { mode: string }).mode,
      ).toBe('visible');
    } finally {
      expect((await patch({ settings: { captchaMode: 'off' } })).status).toBe(200);
    }
    expect(await strategy.login({ email, password })).toMatchObject({ loginState: 'SUCCESS' });
  });

  it('sends the password reset e-mail (and answers the same for unknown addresses)', async () => {
    const strategy = auth();
    strategy.setTokens(await strategy.generateVisitorTokens());
    await expect(
      strategy.sendPasswordResetEmail(email, `${SHOP_ORIGIN}/reset-done`),
    ).resolves.toBeUndefined();
    await expect(
      strategy.sendPasswordResetEmail(uniqueEmail('nobody'), `${SHOP_ORIGIN}/reset-done`),
    ).resolves.toBeUndefined();
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    const link = new URL(/(http\S+)/.exec(mail.text)?.[1] as string);
    expect(link.origin + link.pathname).toBe(`${base}/reset-password`);
    expect(link.searchParams.get('redirect')).toBe(`${SHOP_ORIGIN}/reset-done`);
    expect(mail.html).toContain('Choose a new password');
  });
});
