import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxLink, memberTokens, post, registerMember, uniqueEmail } from '../../../testing/identity.js';
import type { TestApp } from '../../../testing/index.js';
import {
  applicationErrorOf,
  type ClockedMfaApp,
  firstViolationOf,
  login,
  PASSWORD,
  startClockedMfaApp,
  verify,
} from '../../../testing/second-factors.js';
import { recoveryCodes } from '../identity.schema.js';
import { currentTotpCode } from './totp.rules.js';

// Recovery codes (issue #37): a member with an authenticator app gets ten one-time codes when it is turned
// on; each stands in for the app's code once at login, also after a password reset, which does not need the
// lost phone. Only hashes are stored; new codes need a current app code and end the old ones.

let s: ClockedMfaApp;
let t: TestApp;
beforeAll(async () => {
  s = await startClockedMfaApp();
  t = s.t;
});
afterAll(() => s.close());

const CODE_FORMAT = /^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/;

/** A new member who turns the authenticator app on, as the security page does; the codes it answers. */
async function memberWithApp() {
  const email = uniqueEmail('recovery');
  const { sessionToken, memberId } = await registerMember(t, { email, password: PASSWORD });
  const { access_token: token } = await memberTokens(t, { clientId: s.clientId, sessionToken });
  const { secret } = (await post(t, '/_api/iam/factors/v1/totp/enroll', {}, token)).json();
  const activated = await post(
    t,
    '/_api/iam/factors/v1/totp/activate',
    { code: currentTotpCode(secret, s.now()) },
    token,
  );
  expect(activated.statusCode, activated.body).toBe(200);
  s.later(30_000);
  return {
    email,
    memberId,
    token,
    secret: secret as string,
    codes: activated.json().recoveryCodes as string[],
  };
}

const status = async (token: string) =>
  (
    await t.app.inject({ url: '/_api/iam/factors/v1/recovery-codes', headers: { authorization: token } })
  ).json();

async function verifyWithRecoveryCode(email: string, code: string) {
  const started = await login(t, email);
  expect(started.json().state).toBe('REQUIRE_MFA');
  return verify(t, {
    stateToken: started.json().stateToken,
    factorType: 'RECOVERY_CODE',
    recoveryCodeData: { code },
  });
}

const mailsTo = async (email: string) =>
  (await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json().messages as {
    subject: string;
    text: string;
  }[];

describe('recovery codes', () => {
  it('come with the authenticator app: ten different codes, answered once, stored only as argon2id hashes', async () => {
    const { memberId, token, codes } = await memberWithApp();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.identityId, memberId));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^\$argon2id\$/);
      for (const code of codes) expect(row.codeHash).not.toContain(code);
    }
    expect(await status(token)).toEqual({ left: 10, total: 10 });
    // The e-mail factor comes without codes, and a member without the app has none.
    const other = await s.member(['EMAIL']);
    expect(await status(other.accessToken)).toEqual({ left: 0, total: 0 });
  });

  it('login takes a recovery code instead of the app once, e-mails the member, and counts what is left', async () => {
    const { email, token, codes } = await memberWithApp();
    const [first = '', second = ''] = codes;
    // Typed from paper: capitals and spaces instead of the hyphen are fine.
    const done = await verifyWithRecoveryCode(email, first.replace('-', ' ').toUpperCase());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    expect(await status(token)).toEqual({ left: 9, total: 10 });
    const mail = (await mailsTo(email))[0];
    expect(mail?.subject).toContain('A recovery code was used');
    expect(mail?.text.replace(/\s+/g, ' ')).toContain('You have 9 recovery codes left.');
    expect(mail?.text).toContain('/account/security');

    // The same code never works again.
    const replay = await verifyWithRecoveryCode(email, first);
    expect(replay.statusCode).toBe(400);
    expect(applicationErrorOf(replay)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 4 },
      description: 'That is not one of your unused recovery codes. 4 attempts left.',
    });
    expect((await verifyWithRecoveryCode(email, second)).json().state).toBe('SUCCESS');
    expect(await status(token)).toEqual({ left: 8, total: 10 });
  });

  it('one code sent by five logins at once lets exactly one in (the unused codes are locked while one is spent)', async () => {
    const { email, token, codes } = await memberWithApp();
    const steps = await Promise.all(Array.from({ length: 5 }, () => login(t, email)));
    const answers = await Promise.all(
      steps.map((step) =>
        verify(t, {
          stateToken: step.json().stateToken,
          factorType: 'RECOVERY_CODE',
          recoveryCodeData: { code: codes[0] },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.json().state === 'SUCCESS')).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.json().state !== 'SUCCESS'))
      expect(applicationErrorOf(refused)).toMatchObject({ code: 'VERIFICATION_FAILED' });
    expect(await status(token)).toEqual({ left: 9, total: 10 });
  });

  it('wrong recovery codes count against the login step as wrong app codes do', async () => {
    const { email, codes } = await memberWithApp();
    const started = await login(t, email);
    const { stateToken } = started.json();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await verify(t, {
        stateToken,
        factorType: 'RECOVERY_CODE',
        recoveryCodeData: { code: 'aaaaa-aaaaa' },
      });
      expect(applicationErrorOf(wrong)).toMatchObject({ code: 'VERIFICATION_FAILED' });
    }
    // Five wrong codes end the step: not even a right code finishes it.
    const late = await verify(t, {
      stateToken,
      factorType: 'RECOVERY_CODE',
      recoveryCodeData: { code: codes[0] },
    });
    expect(applicationErrorOf(late)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 0 },
    });
    const empty = await verify(t, { stateToken, factorType: 'RECOVERY_CODE', recoveryCodeData: {} });
    expect(firstViolationOf(empty)).toMatchObject({
      field: 'recoveryCodeData.code',
      violatedRule: 'REQUIRED_FIELD',
    });
  });

  it('new codes need a current app code, and the earlier ones stop working', async () => {
    const { email, token, secret, codes } = await memberWithApp();
    const wrong = await post(t, '/_api/iam/factors/v1/recovery-codes/regenerate', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(firstViolationOf(wrong)).toMatchObject({ field: 'code' });
    const made = await post(
      t,
      '/_api/iam/factors/v1/recovery-codes/regenerate',
      { code: currentTotpCode(secret, s.now()) },
      token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const fresh = made.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(applicationErrorOf(await verifyWithRecoveryCode(email, codes[0] as string))).toMatchObject({
      code: 'VERIFICATION_FAILED',
    });
    expect((await verifyWithRecoveryCode(email, fresh[0] as string)).json().state).toBe('SUCCESS');
    // The app's code was spent on the new codes: the same 30 seconds' code does not work twice.
    const again = await post(
      t,
      '/_api/iam/factors/v1/recovery-codes/regenerate',
      { code: currentTotpCode(secret, s.now()) },
      token,
    );
    expect(again.statusCode).toBe(400);
  });

  it('are deleted with the authenticator app; without codes a recovery code is refused in words', async () => {
    const { email, token, secret, codes } = await memberWithApp();
    const removed = await post(
      t,
      '/_api/iam/factors/v1/totp/remove',
      { code: currentTotpCode(secret, s.now()) },
      token,
    );
    expect(removed.statusCode).toBe(200);
    expect(await status(token)).toEqual({ left: 0, total: 0 });
    expect((await login(t, email)).json().state).toBe('SUCCESS');
    const noApp = await post(t, '/_api/iam/factors/v1/recovery-codes/regenerate', { code: '123456' }, token);
    expect(applicationErrorOf(noApp)).toMatchObject({ code: 'FACTOR_NOT_ENABLED' });

    // A member with codes by e-mail only has no recovery codes to offer at login.
    const mailOnly = await s.member(['EMAIL']);
    const started = await login(t, mailOnly.email);
    const refused = await verify(t, {
      stateToken: started.json().stateToken,
      factorType: 'RECOVERY_CODE',
      recoveryCodeData: { code: codes[0] },
    });
    expect(applicationErrorOf(refused)).toMatchObject({
      code: 'FACTOR_NOT_ENABLED',
      description: expect.stringContaining('no unused recovery codes'),
    });
    // They are not set up on their own.
    const enroll = await post(t, '/_api/iam/factors/v1/recovery_code/enroll', {}, token);
    expect(firstViolationOf(enroll)).toMatchObject({
      field: 'factorType',
      violatedRule: 'INVALID_ENUM_VALUE',
      description: expect.stringContaining('come with an authenticator app'),
    });
  });

  it('a password reset does not need the lost phone: the e-mailed link, then a recovery code', async () => {
    const { email, codes } = await memberWithApp();
    expect((await post(t, '/_api/iam/recovery/v1/send-email', { email })).statusCode).toBe(200);
    const link = await mailboxLink(t, email);
    const recovered = await post(t, '/_api/iam/recovery/v1/recover', {
      recoveryToken: link.searchParams.get('token'),
      password: 'a brand new password',
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    // The link proves the mailbox only: the second step is still asked for, and a recovery code passes it.
    expect(recovered.json()).toMatchObject({
      state: 'REQUIRE_MFA',
      requireMfaData: { availableFactors: [{ factorType: 'TOTP' }] },
    });
    expect(recovered.json()).not.toHaveProperty('sessionToken');
    const done = await verify(t, {
      stateToken: recovered.json().stateToken,
      factorType: 'RECOVERY_CODE',
      recoveryCodeData: { code: codes[3] },
    });
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
  });
});
