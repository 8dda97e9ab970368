import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  memberTokens,
  post,
  registerMember,
  SHOP_ORIGIN,
  setSettings,
  solvedCaptcha,
  token,
  uniqueEmail,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';

let t: TestApp;
let smtp: TestSmtpServer;
let owner: string;
let clientId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://store.example', REQUIRE_EMAIL_VERIFICATION: 'false' },
  });
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkIn = async (email: string, subject: string) => {
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(subject));
  return new URL(/(https:\/\/\S+)/.exec(mail.text)?.[1] as string);
};

describe('password recovery', () => {
  it('e-mails a link to the reset page; recovering sets the password, ends old sessions and signs in', async () => {
    const email = uniqueEmail('forgetful');
    const { sessionToken } = await registerMember(t, { email });
    const old = await memberTokens(t, { clientId, sessionToken });
    const sent = await post(t, '/_api/iam/recovery/v1/send-email', {
      email,
      redirect: { url: `${SHOP_ORIGIN}/welcome-back`, clientId },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({});
    const link = await linkIn(email, 'Reset');
    expect(link.origin + link.pathname).toBe('https://store.example/reset-password');
    expect(link.searchParams.get('redirect')).toBe(`${SHOP_ORIGIN}/welcome-back`);
    const recoveryToken = link.searchParams.get('token') as string;
    const short = await post(t, '/v1/recover', { recoveryToken, password: 'short' });
    expect(short.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'password',
      violatedRule: 'MIN_LENGTH',
    });
    const recovered = await post(t, '/_api/iam/recovery/v1/recover', {
      recoveryToken,
      password: 'brand new secret',
    });
    expect(recovered.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(
      (await token(t, { clientId, grantType: 'refresh_token', refreshToken: old.refresh_token })).statusCode,
    ).toBe(400);
    const login = await post(t, '/_api/iam/authentication/v2/login', {
      loginId: { email },
      password: 'brand new secret',
    });
    expect(login.json().state).toBe('SUCCESS');
    expect(
      (await post(t, '/v1/recover', { recoveryToken, password: 'another secret 3' })).json().details
        .applicationError.code,
    ).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('answers the same for unknown addresses, and refuses unregistered redirect URLs', async () => {
    const before = smtp.messages.length;
    const unknown = await post(t, '/v1/send-email', { email: uniqueEmail('nobody') });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    const evil = await post(t, '/v1/send-email', {
      email: uniqueEmail(),
      redirect: { url: 'https://evil.example/', clientId },
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().details.validationError.fieldViolations[0].field).toBe('redirect.url');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages.length).toBe(before);
  });

  it('lets a merchant e-mail an activation link to a member created without a password', async () => {
    const app = await merchantKey(t.database, 'app');
    const email = uniqueEmail('invited');
    const signOn = await post(t, '/_api/iam/authentication/v2/sign-on', { loginId: { email } }, app);
    const identityId = signOn.json().identity.id;
    expect((await post(t, '/_api/iam/recovery/v1/activation-email', { identityId })).statusCode).toBe(401);
    expect((await post(t, '/_api/iam/recovery/v1/activation-email', { identityId }, owner)).statusCode).toBe(
      200,
    );
    const link = await linkIn(email, 'Activate');
    expect(link.searchParams.get('activation')).toBe('1');
    const activated = await post(t, '/v1/recover', {
      recoveryToken: link.searchParams.get('token'),
      password: 'my first secret',
    });
    expect(activated.json()).toMatchObject({ state: 'SUCCESS', identity: { email: { isVerified: true } } });
  });
});

describe('abuse limits on recovery', () => {
  it('asks for a captcha after repeated recovery e-mails for one address, never refusing for good', async () => {
    await setSettings(t, owner, {});
    const email = uniqueEmail('spammed');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(t, '/v1/send-email', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 400]);
    const withCaptcha = await post(t, '/v1/send-email', {
      email,
      captchaTokens: [{ InvisibleRecaptcha: await solvedCaptcha(t) }],
    });
    expect(withCaptcha.statusCode).toBe(200);
  });
});
