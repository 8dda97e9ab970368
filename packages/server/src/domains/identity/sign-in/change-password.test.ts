import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  memberTokens,
  pkcePair,
  post,
  registerMember,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  solvedCaptcha,
  type TokenReply,
  token,
  uniqueEmail,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { authSessions } from '../identity.schema.js';

// Changing the password needs a recent sign-in (10 minutes by default), or the current password: a
// stolen one-hour access token alone cannot take the account over for good (change-password.service.ts).

let now = new Date('2030-07-01T09:00:00.000Z');
const clock = () => now;
const advanceMinutes = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

let t: TestApp;
let owner: string;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
});
afterAll(() => t.close());

const OLD = 'the old secret';
const NEW = 'the new secret';

function changePassword(accessToken: string, body: Record<string, unknown>, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/_api/iam/authentication/v2/change-password',
    headers: { authorization: accessToken },
    payload: body,
    remoteAddress: ip,
  });
}

function loginState(email: string, password: string, ip = randomIp()) {
  return t.app
    .inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      payload: { loginId: { email }, password },
      remoteAddress: ip,
    })
    .then((reply) =>
      reply.statusCode === 200 ? reply.json().state : reply.json().details.applicationError.code,
    );
}

/** Signs a member in with the password: login → authorize → code exchange. */
async function signIn(email: string, password = OLD): Promise<TokenReply> {
  const reply = await post(t, '/_api/iam/authentication/v2/login', { loginId: { email }, password });
  expect(reply.json().state).toBe('SUCCESS');
  return memberTokens(t, { clientId, sessionToken: reply.json().sessionToken });
}

async function member(): Promise<{ email: string; memberId: string; tokens: TokenReply }> {
  const email = uniqueEmail('changer');
  const { sessionToken, memberId } = await registerMember(t, { email, password: OLD });
  return { email, memberId, tokens: await memberTokens(t, { clientId, sessionToken }) };
}

const mailbox = async (email: string) =>
  (await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json().messages as {
    subject: string;
    text: string;
  }[];

describe('recent sign-in', () => {
  it('refuses a token whose session signed in more than 10 minutes ago: 403, the password unchanged', async () => {
    const { email, tokens } = await member();
    advanceMinutes(11);
    const refused = await changePassword(tokens.access_token, { newPassword: NEW });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details.applicationError).toMatchObject({
      code: 'RECENT_LOGIN_REQUIRED',
      data: { maxAgeSeconds: 600, authTime: new Date(now.getTime() - 11 * 60_000).toISOString() },
    });
    expect(refused.json().details.applicationError.description).toMatch(
      /sign-in within the last 10 minutes, and this session signed in 11 minutes ago\. Sign the member in again/,
    );
    expect(await loginState(email, OLD)).toBe('SUCCESS');
    expect(await loginState(email, NEW)).toBe('-19976');
  });

  it('accepts a fresh sign-in: the other sessions end, this one stays, and the member is told by e-mail', async () => {
    const { email, tokens: phone } = await member();
    advanceMinutes(30);
    const laptop = await signIn(email);
    advanceMinutes(9);
    expect((await changePassword(laptop.access_token, { newPassword: NEW })).statusCode).toBe(200);
    expect(await loginState(email, OLD)).toBe('-19976');
    expect(await loginState(email, NEW)).toBe('SUCCESS');
    const refresh = (reply: TokenReply) =>
      token(t, { clientId, grantType: 'refresh_token', refreshToken: reply.refresh_token });
    expect((await refresh(phone)).json().error).toBe('invalid_grant');
    expect((await refresh(laptop)).statusCode).toBe(200);
    const [notice] = await mailbox(email);
    expect(notice?.subject).toMatch(/password was changed/);
    expect(notice?.text).toContain('/forgot-password');
  });

  it('is not renewed by a refresh: a refreshed token is as old as its sign-in', async () => {
    const { email, tokens } = await member();
    advanceMinutes(11);
    const refreshed = await token(t, {
      clientId,
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const stale = await changePassword(refreshed.json().access_token, { newPassword: NEW });
    expect(stale.json().details.applicationError.code).toBe('RECENT_LOGIN_REQUIRED');
    // Signing in again is what counts.
    expect((await changePassword((await signIn(email)).access_token, { newPassword: NEW })).statusCode).toBe(
      200,
    );
  });

  it('travels with the sign-in through consent, sign-on, and hosted pages handed over, never renewed', async () => {
    // prompt=consent: the code comes after the member's Allow, with the sign-in time of the login.
    const viaConsent = await registerMember(t, { email: uniqueEmail('consent'), password: OLD });
    const { verifier, challenge } = pkcePair();
    const page = await t.app.inject(
      `/oauth2/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: SHOP_CALLBACK,
        response_type: 'code',
        prompt: 'consent',
        sessionToken: viaConsent.sessionToken,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
    );
    const consentToken = /name="consent_token" value="([^"]+)"/.exec(page.body)?.[1] as string;

    // sign-on + authorized_client: the app vouched for the member when it signed them on.
    const app = await merchantKey(t.database, 'app');
    const signOn = await post(
      t,
      '/_api/iam/authentication/v2/sign-on',
      { loginId: { email: uniqueEmail('on') } },
      app,
    );
    const vouched = await token(
      t,
      {
        grant_type: 'authorized_client',
        client_id: clientId,
        member_id: signOn.json().identity.id,
        session_token: signOn.json().sessionToken,
      },
      { authorization: app },
    );
    const vouchedToken = vouched.json().access_token as string;

    // A hosted page opened from an app's redirect session acts as the app's member, signed in as then.
    const hostedTokens = async (appToken: string) => {
      const redirect = await t.app.inject({
        method: 'POST',
        url: '/_api/redirects-api/v1/redirect-session',
        headers: { authorization: appToken },
        payload: { memberAccountPage: {}, callbacks: { postFlowUrl: `${SHOP_ORIGIN}/` } },
      });
      const session = new URL(redirect.json().redirectSession.fullUrl).searchParams.get('session');
      const entered = await t.app.inject({
        method: 'POST',
        url: '/_api/redirects-api/v1/hosted-page',
        payload: { session, clientId },
      });
      return entered.json().tokens.accessToken as string;
    };
    const early = await member();
    const late = await member();

    advanceMinutes(4);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/oauth2/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ consent_token: consentToken, decision: 'approve' }).toString(),
    });
    const code = new URL(String(allowed.headers.location)).searchParams.get('code') as string;
    const consented = await token(t, {
      clientId,
      grantType: 'authorization_code',
      code,
      codeVerifier: verifier,
      redirectUri: SHOP_CALLBACK,
    });
    const hostedEarly = await hostedTokens(early.tokens.access_token);

    advanceMinutes(5);
    // All signed in 9 minutes ago: accepted.
    for (const accessToken of [consented.json().access_token, vouchedToken, hostedEarly])
      expect((await changePassword(accessToken, { newPassword: NEW })).statusCode).toBe(200);
    // A page handed over 11 minutes after its member's sign-in is not a new sign-in.
    advanceMinutes(2);
    const hostedLate = await hostedTokens(late.tokens.access_token);
    expect((await changePassword(hostedLate, { newPassword: NEW })).statusCode).toBe(403);
  });

  it('is never assumed for a session with no sign-in time on record (older than this check)', async () => {
    const { tokens, memberId } = await member();
    await t.database.db
      .update(authSessions)
      .set({ authenticatedDate: null })
      .where(eq(authSessions.memberId, memberId));
    const refused = await changePassword(tokens.access_token, { newPassword: NEW });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details.applicationError.description).toMatch(/no sign-in time on record/);
  });
});

describe('current password instead of a recent sign-in (our account page)', () => {
  it('accepts the current password from a session of any age', async () => {
    const { email, tokens } = await member();
    advanceMinutes(50); // long after the sign-in, while the one-hour access token still works
    const changed = await changePassword(tokens.access_token, { newPassword: NEW, currentPassword: OLD });
    expect(changed.statusCode).toBe(200);
    expect(await loginState(email, NEW)).toBe('SUCCESS');
  });

  it('answers a wrong one at the field, changes nothing, and counts it as a failed sign-in', async () => {
    const { email, tokens } = await member();
    advanceMinutes(50); // long after the sign-in, while the one-hour access token still works
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(
        tokens.access_token,
        { newPassword: NEW, currentPassword: `no-${i}` },
        ip,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details.validationError.fieldViolations).toEqual([
        {
          field: 'currentPassword',
          description: 'is not the current password of this account',
          violatedRule: 'VALIDATION',
          data: { type: 'PASSWORD' },
        },
      ]);
    }
    expect(await loginState(email, OLD)).toBe('SUCCESS');
    // Five failures from this address: its next check of the password, here or at login, needs a captcha.
    const asked = await changePassword(tokens.access_token, { newPassword: NEW, currentPassword: OLD }, ip);
    expect(asked.json().details.applicationError).toMatchObject({
      code: '-19971',
      data: { reason: 'ADDRESS_FAILURES' },
    });
    expect(await loginState(email, OLD, ip)).toBe('-19971');
    const solved = await changePassword(
      tokens.access_token,
      {
        newPassword: NEW,
        currentPassword: OLD,
        captchaTokens: [{ InvisibleRecaptcha: await solvedCaptcha(t) }],
      },
      ip,
    );
    expect(solved.statusCode).toBe(200);
    expect(await loginState(email, NEW, ip)).toBe('SUCCESS');
  });
});
