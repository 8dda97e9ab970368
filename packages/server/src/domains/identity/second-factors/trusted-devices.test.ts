import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, mailboxLink, memberTokens, post } from '../../../testing/identity.js';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import {
  login,
  type MemberWithFactors,
  memberClient,
  memberWithFactors,
  PASSWORD,
  verify,
} from '../../../testing/second-factors.js';
import { currentTotpCode } from './totp.rules.js';

// "Remember this device": a second factor verified with rememberThisDevice answers a device token in
// additionalData.deviceToken; a later login that sends it in clientMetaData.deviceToken skips the factor
// for 30 days, until a password change or a removed factor revokes it.

let t: TestApp;
let now = new Date('2030-06-01T10:00:00.000Z');
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  clientId = await memberClient(t);
});
afterAll(() => t.close());

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const DAY = 24 * 60 * 60 * 1000;

/** Logs in with the authenticator app; returns the device token when asked to remember the device. */
async function loginWithTotp(member: MemberWithFactors, rememberThisDevice?: boolean) {
  later(30_000);
  const step = await login(t, member.email);
  expect(step.json().state).toBe('REQUIRE_MFA');
  const code = currentTotpCode(member.secret as string, now);
  const done = await verify(t, {
    stateToken: step.json().stateToken,
    factorType: 'TOTP',
    totpData: { code },
    ...(rememberThisDevice === undefined ? {} : { rememberThisDevice }),
  });
  expect(done.json().state).toBe('SUCCESS');
  return done.json().additionalData as { deviceToken?: { strValue: string } };
}

const loginFrom = (email: string, deviceToken: string) =>
  login(t, email, { clientMetaData: { deviceToken } });

describe('remember this device', () => {
  it('answers a device token only when asked; the token skips the factor for 30 days', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    expect(await loginWithTotp(member)).toEqual({});
    expect(await loginWithTotp(member, false)).toEqual({});
    const { deviceToken } = await loginWithTotp(member, true);
    expect(deviceToken?.strValue).toMatch(/^osd_/);
    const token = deviceToken?.strValue as string;

    const remembered = await loginFrom(member.email, token);
    expect(remembered.json()).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.stringMatching(/^oss_/),
    });
    expect(
      (await memberTokens(t, { clientId, sessionToken: remembered.json().sessionToken })).refresh_token_role,
    ).toBe('member');
    // Without it (another browser), the factor is asked for as before.
    expect((await login(t, member.email)).json().state).toBe('REQUIRE_MFA');
    // The password is still checked first.
    const wrongPassword = await post(t, '/_api/iam/authentication/v2/login', {
      loginId: { email: member.email },
      password: 'not the password',
      clientMetaData: { deviceToken: token },
    });
    expect(wrongPassword.json().details.applicationError.code).toBe('-19976');

    later(29 * DAY);
    expect((await loginFrom(member.email, token)).json().state).toBe('SUCCESS');
    later(1 * DAY + 1000);
    expect((await loginFrom(member.email, token)).json().state).toBe('REQUIRE_MFA');
  });

  it('is the member’s own: another member’s token, or an altered one, does not skip anything', async () => {
    const ada = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    const bob = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    const adaToken = (await loginWithTotp(ada, true)).deviceToken?.strValue as string;
    expect((await loginFrom(bob.email, adaToken)).json().state).toBe('REQUIRE_MFA');
    const [head, payload, signature] = adaToken.slice(4).split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
    forged.sub = bob.memberId;
    const altered = `osd_${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect((await loginFrom(bob.email, altered)).json().state).toBe('REQUIRE_MFA');
    expect((await loginFrom(ada.email, 'osd_not-a-token')).json().state).toBe('REQUIRE_MFA');
    expect((await loginFrom(ada.email, adaToken)).json().state).toBe('SUCCESS');
  });

  it('works for e-mailed codes too', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['EMAIL'], now: () => now });
    const step = await login(t, member.email);
    const code = await mailboxCode(t, member.email);
    const done = await verify(t, {
      stateToken: step.json().stateToken,
      factorType: 'EMAIL',
      emailData: { code },
      rememberThisDevice: true,
    });
    const token = done.json().additionalData.deviceToken.strValue as string;
    expect((await loginFrom(member.email, token)).json().state).toBe('SUCCESS');
  });
});

describe('revoked', () => {
  it('by a password change', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    const token = (await loginWithTotp(member, true)).deviceToken?.strValue as string;
    const changed = await post(
      t,
      '/_api/iam/authentication/v2/change-password',
      { newPassword: PASSWORD },
      member.accessToken,
    );
    expect(changed.statusCode).toBe(200);
    expect((await loginFrom(member.email, token)).json().state).toBe('REQUIRE_MFA');
  });

  it('by a password reset through the e-mailed link', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    const token = (await loginWithTotp(member, true)).deviceToken?.strValue as string;
    await post(t, '/_api/iam/recovery/v1/send-email', { email: member.email });
    const link = await mailboxLink(t, member.email);
    const recovered = await post(t, '/_api/iam/recovery/v1/recover', {
      recoveryToken: link.searchParams.get('token'),
      password: PASSWORD,
    });
    // The link proves the mailbox, not the second factor: the reset still asks for it.
    expect(recovered.json().state).toBe('REQUIRE_MFA');
    expect((await loginFrom(member.email, token)).json().state).toBe('REQUIRE_MFA');
  });

  it('by removing a second factor, even when another one stays', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP', 'EMAIL'], now: () => now });
    const token = (await loginWithTotp(member, true)).deviceToken?.strValue as string;
    expect((await loginFrom(member.email, token)).json().state).toBe('SUCCESS');
    await post(t, '/_api/iam/factors/v1/email/send-code', {}, member.accessToken);
    const code = await mailboxCode(t, member.email);
    expect(
      (await post(t, '/_api/iam/factors/v1/email/remove', { code }, member.accessToken)).statusCode,
    ).toBe(200);
    expect((await loginFrom(member.email, token)).json().state).toBe('REQUIRE_MFA');
  });
});
