import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, memberTokens, post } from '../../../testing/identity.js';
import type { TestApp } from '../../../testing/index.js';
import {
  applicationErrorOf,
  type ClockedMfaApp,
  login,
  startClockedMfaApp,
  verify,
  wrongCodeFor,
} from '../../../testing/second-factors.js';
import { currentTotpCode } from './totp.rules.js';

// The second factor of a login, in the platform's shapes: REQUIRE_MFA (requireMfaData) and MFA_CHALLENGE
// (mfaChallengeData), the verify call (VerifyRequest: stateToken, factorType, totpData/emailData), per
// factor and with both. Bad verify requests and races are in second-factor-refusals.test.ts; the public
// clients' view of the same replies is in public-sdk-mfa.test.ts.

let s: ClockedMfaApp;
let t: TestApp;
beforeAll(async () => {
  s = await startClockedMfaApp();
  t = s.t;
});
afterAll(() => s.close());

const totpMember = () => s.member(['TOTP']);
const emailMember = () => s.member(['EMAIL']);

describe('an authenticator app (TOTP)', () => {
  it('login answers REQUIRE_MFA with requireMfaData and no session; /v2/verify with totpData completes it', async () => {
    const member = await totpMember();
    s.later(30_000);
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
      totpData: { code: wrongCodeFor(currentTotpCode(member.secret as string, s.now())) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(applicationErrorOf(wrong)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 4 },
    });

    const code = currentTotpCode(member.secret as string, s.now());
    const done = await verify(t, { stateToken: body.stateToken, factorType: 'TOTP', totpData: { code } });
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    expect(done.json()).not.toHaveProperty('requireMfaData');
    const tokens = await memberTokens(t, { clientId: s.clientId, sessionToken: done.json().sessionToken });
    expect(tokens.refresh_token_role).toBe('member');

    // The same code never works twice, not even for a new login in the same 30 seconds.
    const again = await login(t, member.email);
    const replay = await verify(t, {
      stateToken: again.json().stateToken,
      factorType: 'TOTP',
      totpData: { code },
    });
    expect(applicationErrorOf(replay)).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('also takes the factor in the path (spec §7 /v2/{factorType}/verify), in either case', async () => {
    const member = await totpMember();
    s.later(30_000);
    const { stateToken } = (await login(t, member.email)).json();
    const code = currentTotpCode(member.secret as string, s.now());
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
      emailData: { code: wrongCodeFor(firstCode) },
    });
    expect(applicationErrorOf(wrong)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 4 },
    });

    const resent = await verify(t, { stateToken, factorType: 'EMAIL' });
    expect(resent.json()).toMatchObject({
      state: 'MFA_CHALLENGE',
      mfaChallengeData: { factorType: 'EMAIL' },
    });
    const secondCode = await mailboxCode(t, member.email);
    if (secondCode !== firstCode) {
      const old = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: firstCode } });
      expect(applicationErrorOf(old)).toMatchObject({
        code: 'VERIFICATION_FAILED',
        data: { attemptsLeft: 3 },
      });
    }
    const done = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: ` ${secondCode} ` } });
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    // Spent: the step is over.
    const spent = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: secondCode } });
    expect(applicationErrorOf(spent)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
  });

  it('expires with its login step after 10 minutes', async () => {
    const member = await emailMember();
    const { stateToken } = (await login(t, member.email)).json();
    const code = await mailboxCode(t, member.email);
    s.later(10 * 60_000 + 1000);
    const late = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code } });
    expect(applicationErrorOf(late)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
  });
});

describe('a member with both factors', () => {
  it('chooses: REQUIRE_MFA lists both; choosing EMAIL e-mails a code; the authenticator still works', async () => {
    const member = await s.member(['TOTP', 'EMAIL']);
    s.later(30_000);
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
    expect(applicationErrorOf(early)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 5 },
    });

    const chosen = await verify(t, { stateToken, factorType: 'EMAIL' });
    expect(chosen.json().mfaChallengeData).toMatchObject({
      factorType: 'EMAIL',
      verificationChallengeData: { hint: expect.stringContaining('***@example.com') },
    });
    await mailboxCode(t, member.email);
    const code = currentTotpCode(member.secret as string, s.now());
    expect((await verify(t, { stateToken, factorType: 'TOTP', totpData: { code } })).json().state).toBe(
      'SUCCESS',
    );
  });

  it('one login step takes five wrong codes in all, whichever factor they were for', async () => {
    const member = await s.member(['TOTP', 'EMAIL']);
    s.later(30_000);
    const { stateToken } = (await login(t, member.email)).json();
    await verify(t, { stateToken, factorType: 'EMAIL' });
    const emailed = await mailboxCode(t, member.email);
    const totp = currentTotpCode(member.secret as string, s.now());
    for (let left = 4; left >= 0; left--) {
      const body =
        left % 2 === 0
          ? { factorType: 'TOTP', totpData: { code: wrongCodeFor(totp) } }
          : { factorType: 'EMAIL', emailData: { code: wrongCodeFor(emailed) } };
      expect(applicationErrorOf(await verify(t, { stateToken, ...body }))).toMatchObject({
        data: { attemptsLeft: left },
      });
    }
    const right = await verify(t, { stateToken, factorType: 'TOTP', totpData: { code: totp } });
    expect(applicationErrorOf(right)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 0 },
    });
    // A new e-mailed code does not buy more guesses on this step.
    await verify(t, { stateToken, factorType: 'EMAIL' });
    const fresh = await mailboxCode(t, member.email);
    const stillLocked = await verify(t, { stateToken, factorType: 'EMAIL', emailData: { code: fresh } });
    expect(applicationErrorOf(stillLocked)).toMatchObject({ data: { attemptsLeft: 0 } });
  });
});
