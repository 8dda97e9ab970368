import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, memberTokens, post } from '../../../testing/identity.js';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { login, memberClient, memberWithFactors, verify } from '../../../testing/second-factors.js';
import { currentTotpCode } from './totp.js';

// The second factor of a login, in the platform's shapes: REQUIRE_MFA (requireMfaData) and MFA_CHALLENGE
// (mfaChallengeData), the verify call (VerifyRequest: stateToken, factorType, totpData/emailData), and its
// errors. The public clients' view of the same replies is in public-sdk-mfa.test.ts.

let t: TestApp;
let now = new Date('2030-05-01T08:00:00.000Z');
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  clientId = await memberClient(t);
});
afterAll(() => t.close());

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
const totpMember = () => memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
const emailMember = () => memberWithFactors(t, { clientId, factors: ['EMAIL'], now: () => now });
const appError = (reply: { json(): { details: { applicationError: unknown } } }) =>
  reply.json().details.applicationError;
const violation = (reply: { json(): { details: { validationError: { fieldViolations: unknown[] } } } }) =>
  reply.json().details.validationError.fieldViolations[0];

describe('an authenticator app (TOTP)', () => {
  it('login answers REQUIRE_MFA with requireMfaData and no session; /v2/verify with totpData completes it', async () => {
    const member = await totpMember();
    later(30_000);
    const first = await login(t, member.email);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken: expect.stringMatching(/^osm_/),
      requireMfaData: {
        availableFactors: [{ factorType: 'TOTP', factorStatus: 'ENABLED' }],
        reason: 'USER_SETTINGS',
      },
      identity: { id: member.memberId },
      additionalData: {},
    });
    expect(body).not.toHaveProperty('sessionToken');
    expect(body).not.toHaveProperty('mfaChallengeData');

    const wrong = await verify(t, {
      stateToken: body.stateToken,
      factorType: 'TOTP',
      totpData: { code: wrongOf(currentTotpCode(member.secret as string, now)) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(appError(wrong)).toMatchObject({ code: 'VERIFICATION_FAILED', data: { attemptsLeft: 4 } });

    const code = currentTotpCode(member.secret as string, now);
    const done = await verify(t, { stateToken: body.stateToken, factorType: 'TOTP', totpData: { code } });
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    expect(done.json()).not.toHaveProperty('requireMfaData');
    const tokens = await memberTokens(t, { clientId, sessionToken: done.json().sessionToken });
    expect(tokens.refresh_token_role).toBe('member');

    // The same code never works twice, not even for a new login in the same 30 seconds.
    const again = await login(t, member.email);
    const replay = await verify(t, {
      stateToken: again.json().stateToken,
      factorType: 'TOTP',
      totpData: { code },
    });
    expect(appError(replay)).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('also takes the factor in the path (spec §7 /v2/{factorType}/verify), in either case', async () => {
    const member = await totpMember();
    later(30_000);
    const { stateToken } = (await login(t, member.email)).json();
    const code = currentTotpCode(member.secret as string, now);
    const done = await post(t, '/v2/totp/verify', { stateToken, totpData: { code } });
    expect(done.json().state).toBe('SUCCESS');
  });

  it('choosing the factor without a code answers MFA_CHALLENGE for it (nothing is sent)', async () => {
    const member = await totpMember();
    const { stateToken } = (await login(t, member.email)).json();
    const chosen = await verify(t, { stateToken, factorType: 'TOTP' });
    expect(chosen.json()).toMatchObject({
      state: 'MFA_CHALLENGE',
      stateToken,
      mfaChallengeData: {
        factorType: 'TOTP',
        availableFactors: [{ factorType: 'TOTP', factorStatus: 'ENABLED' }],
        reason: 'USER_SETTINGS',
      },
    });
    expect(chosen.json().mfaChallengeData).not.toHaveProperty('verificationChallengeData');
  });
});

describe('codes by e-mail (EMAIL)', () => {
  it('login e-mails a code at once and answers MFA_CHALLENGE with a masked hint; a new code replaces it', async () => {
    const member = await emailMember();
    const first = await login(t, member.email);
    expect(first.json()).toMatchObject({
      state: 'MFA_CHALLENGE',
      stateToken: expect.stringMatching(/^osm_/),
      mfaChallengeData: {
        factorType: 'EMAIL',
        verificationChallengeData: { hint: `${member.email.charAt(0)}***@example.com` },
        availableFactors: [{ factorType: 'EMAIL', factorStatus: 'ENABLED' }],
        reason: 'USER_SETTINGS',
      },
    });
    expect(first.json()).not.toHaveProperty('requireMfaData');
    const { stateToken } = first.json();
    const firstCode = await mailboxCode(t, member.email);

    const wrong = await verify(t, {
      stateToken,
      factorType: 'EMAIL',
      emailData: { code: wrongOf(firstCode) },
    });
    expect(appError(wrong)).toMatchObject({ code: 'VERIFICATION_FAILED', data: { attemptsLeft: 4 } });

    const resent = await verify(t, { stateToken, factorType: 'EMAIL' });
    expect(resent.json()).toMatchObject({
      state: 'MFA_CHALLENGE',
      mfaChallengeData: { factorType: 'EMAIL' },
    });
    const secondCode = await mailboxCode(t, member.email);
    if (secondCode !== firstCode) {
      const old = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: firstCode } });
      expect(appError(old)).toMatchObject({ code: 'VERIFICATION_FAILED', data: { attemptsLeft: 3 } });
    }
    const done = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: ` ${secondCode} ` } });
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    // Spent: the step is over.
    const spent = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: secondCode } });
    expect(appError(spent)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
  });

  it('expires with its login step after 10 minutes', async () => {
    const member = await emailMember();
    const { stateToken } = (await login(t, member.email)).json();
    const code = await mailboxCode(t, member.email);
    later(10 * 60_000 + 1000);
    const late = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code } });
    expect(appError(late)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
  });
});

describe('a member with both factors', () => {
  it('chooses: REQUIRE_MFA lists both; choosing EMAIL e-mails a code; the authenticator still works', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP', 'EMAIL'], now: () => now });
    later(30_000);
    const first = await login(t, member.email);
    expect(first.json()).toMatchObject({
      state: 'REQUIRE_MFA',
      requireMfaData: {
        availableFactors: [
          { factorType: 'TOTP', factorStatus: 'ENABLED' },
          { factorType: 'EMAIL', factorStatus: 'ENABLED' },
        ],
      },
    });
    const { stateToken } = first.json();
    // No code was e-mailed for this login yet: nothing to check, and no attempt used.
    const early = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: '123456' } });
    expect(appError(early)).toMatchObject({ code: 'VERIFICATION_FAILED', data: { attemptsLeft: 5 } });

    const chosen = await verify(t, { stateToken, factorType: 'EMAIL' });
    expect(chosen.json().mfaChallengeData).toMatchObject({
      factorType: 'EMAIL',
      verificationChallengeData: { hint: expect.stringContaining('***@example.com') },
    });
    await mailboxCode(t, member.email);
    const code = currentTotpCode(member.secret as string, now);
    expect((await verify(t, { stateToken, factorType: 'TOTP', totpData: { code } })).json().state).toBe(
      'SUCCESS',
    );
  });

  it('one login step takes five wrong codes in all, whichever factor they were for', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP', 'EMAIL'], now: () => now });
    later(30_000);
    const { stateToken } = (await login(t, member.email)).json();
    await verify(t, { stateToken, factorType: 'EMAIL' });
    const emailed = await mailboxCode(t, member.email);
    const totp = currentTotpCode(member.secret as string, now);
    for (let left = 4; left >= 0; left--) {
      const body =
        left % 2 === 0
          ? { factorType: 'TOTP', totpData: { code: wrongOf(totp) } }
          : { factorType: 'EMAIL', emailData: { code: wrongOf(emailed) } };
      expect(appError(await verify(t, { stateToken, ...body }))).toMatchObject({
        data: { attemptsLeft: left },
      });
    }
    const right = await verify(t, { stateToken, factorType: 'TOTP', totpData: { code: totp } });
    expect(appError(right)).toMatchObject({ code: 'VERIFICATION_FAILED', data: { attemptsLeft: 0 } });
    // A new e-mailed code does not buy more guesses on this step.
    await verify(t, { stateToken, factorType: 'EMAIL' });
    const fresh = await mailboxCode(t, member.email);
    const stillLocked = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: fresh } });
    expect(appError(stillLocked)).toMatchObject({ data: { attemptsLeft: 0 } });
  });
});

describe('bad verify requests: a 4xx naming the field or what is missing', () => {
  let stateToken: string;
  beforeAll(async () => {
    const member = await totpMember();
    stateToken = (await login(t, member.email)).json().stateToken;
  });

  it('fields', async () => {
    expect(violation(await verify(t, { factorType: 'TOTP', totpData: { code: '123456' } }))).toMatchObject({
      field: 'stateToken',
      violatedRule: 'REQUIRED_FIELD',
    });
    expect(violation(await verify(t, { stateToken, totpData: { code: '123456' } }))).toMatchObject({
      field: 'factorType',
      violatedRule: 'REQUIRED_FIELD',
    });
    expect(violation(await verify(t, { stateToken, factorType: 'PIGEON' }))).toMatchObject({
      field: 'factorType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    expect(
      violation(await verify(t, { stateToken, factorType: 'TOTP', emailData: { code: '1' } })),
    ).toMatchObject({
      field: 'emailData',
      violatedRule: 'FIELD_NOT_ALLOWED',
      description: expect.stringContaining('send totpData'),
    });
    const mismatch = await post(t, '/v2/email/verify', { stateToken, factorType: 'TOTP' });
    expect(violation(mismatch)).toMatchObject({ field: 'factorType', violatedRule: 'ONE_OF_ALIGNMENT' });
    expect(
      violation(await verify(t, { stateToken, factorType: 'PASSWORD', passwordData: {} })),
    ).toMatchObject({
      field: 'factorType',
      description: expect.stringContaining('first factor'),
    });
    const tooLong = await verify(t, { stateToken, factorType: 'TOTP', totpData: { code: '1'.repeat(101) } });
    expect(violation(tooLong)).toMatchObject({ field: 'totpData.code', violatedRule: 'MAX_LENGTH' });
  });

  it('factors this store cannot serve', async () => {
    const cases = [
      ['SMS', 'smsData', 'SMS_PROVIDER'],
      ['CALL', 'callData', 'VOICE_CALL_PROVIDER'],
      ['PUSH', 'pushData', 'PUSH_AUTHENTICATOR'],
      ['WEBAUTHN', 'webauthnData', 'WEBAUTHN_SUPPORT'],
      ['RECOVERY_CODE', 'recoveryCodeData', 'RECOVERY_CODES'],
    ] as const;
    for (const [factorType, field, missing] of cases) {
      const reply = await verify(t, { stateToken, factorType, [field]: { code: '123456' } });
      expect(reply.statusCode, factorType).toBe(400);
      expect(appError(reply)).toMatchObject({ code: 'UNIMPLEMENTED_FEATURE', data: { factorType, missing } });
    }
    const path = await post(t, '/_api/iam/authentication/v2/sms/verify', {
      stateToken,
      smsData: { code: '1' },
    });
    expect(appError(path)).toMatchObject({
      code: 'UNIMPLEMENTED_FEATURE',
      data: { missing: 'SMS_PROVIDER' },
    });
  });

  it('a factor the member has not set up, and an unknown or finished step', async () => {
    const notOn = await verify(t, { stateToken, factorType: 'EMAIL' });
    expect(appError(notOn)).toMatchObject({
      code: 'FACTOR_NOT_ENABLED',
      data: { factorType: 'EMAIL', availableFactors: ['TOTP'] },
    });
    const unknown = await verify(t, {
      stateToken: 'osm_unknown',
      factorType: 'TOTP',
      totpData: { code: '1' },
    });
    expect(appError(unknown)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
    // A state token of another kind (e-mail verification) is not a login's second-factor step.
    const other = await verify(t, { stateToken: 'ost_x', factorType: 'TOTP', totpData: { code: '1' } });
    expect(appError(other)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
  });
});

describe('races: a code works once', () => {
  it('the same TOTP code sent ten times at once on one step: one SUCCESS', async () => {
    const member = await totpMember();
    later(30_000);
    const { stateToken } = (await login(t, member.email)).json();
    const code = currentTotpCode(member.secret as string, now);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => verify(t, { stateToken, factorType: 'TOTP', totpData: { code } })),
    );
    expect(replies.filter((r) => r.statusCode === 200).map((r) => r.json().state)).toEqual(['SUCCESS']);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(9);
  });

  it('the same TOTP code on two login steps at once: one SUCCESS', async () => {
    const member = await totpMember();
    later(30_000);
    const steps = await Promise.all([login(t, member.email), login(t, member.email)]);
    const code = currentTotpCode(member.secret as string, now);
    const replies = await Promise.all(
      steps.map((step) =>
        verify(t, { stateToken: step.json().stateToken, factorType: 'TOTP', totpData: { code } }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('the same e-mailed code sent ten times at once: one SUCCESS', async () => {
    const member = await emailMember();
    const { stateToken } = (await login(t, member.email)).json();
    const code = await mailboxCode(t, member.email);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => verify(t, { stateToken, factorType: 'EMAIL', emailData: { code } })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
