import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, post } from '../../../testing/identity.js';
import type { TestApp } from '../../../testing/index.js';
import {
  applicationErrorOf,
  type ClockedMfaApp,
  firstViolationOf,
  login,
  startClockedMfaApp,
  verify,
} from '../../../testing/second-factors.js';
import { currentTotpCode } from './totp.rules.js';

// The second factor of a login refused: bad verify requests answer a 4xx naming the field or what is
// missing (factors this store cannot serve, factors not set up, unknown steps), and a code sent many times
// at once works once. The accepted flows are in second-factor.test.ts.

let s: ClockedMfaApp;
let t: TestApp;
beforeAll(async () => {
  s = await startClockedMfaApp();
  t = s.t;
});
afterAll(() => s.close());

const totpMember = () => s.member(['TOTP']);
const emailMember = () => s.member(['EMAIL']);

describe('bad verify requests: a 4xx naming the field or what is missing', () => {
  let stateToken: string;
  beforeAll(async () => {
    const member = await totpMember();
    stateToken = (await login(t, member.email)).json().stateToken;
  });

  it('fields', async () => {
    expect(
      firstViolationOf(await verify(t, { factorType: 'TOTP', totpData: { code: '123456' } })),
    ).toMatchObject({
      field: 'stateToken',
      violatedRule: 'REQUIRED_FIELD',
    });
    expect(firstViolationOf(await verify(t, { stateToken, totpData: { code: '123456' } }))).toMatchObject({
      field: 'factorType',
      violatedRule: 'REQUIRED_FIELD',
    });
    expect(firstViolationOf(await verify(t, { stateToken, factorType: 'PIGEON' }))).toMatchObject({
      field: 'factorType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    expect(
      firstViolationOf(await verify(t, { stateToken, factorType: 'TOTP', emailData: { code: '1' } })),
    ).toMatchObject({
      field: 'emailData',
      violatedRule: 'FIELD_NOT_ALLOWED',
      description: expect.stringContaining('send totpData'),
    });
    const mismatch = await post(t, '/v2/email/verify', { stateToken, factorType: 'TOTP' });
    expect(firstViolationOf(mismatch)).toMatchObject({
      field: 'factorType',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
    expect(
      firstViolationOf(await verify(t, { stateToken, factorType: 'PASSWORD', passwordData: {} })),
    ).toMatchObject({
      field: 'factorType',
      description: expect.stringContaining('first factor'),
    });
    const tooLong = await verify(t, { stateToken, factorType: 'TOTP', totpData: { code: '1'.repeat(101) } });
    expect(firstViolationOf(tooLong)).toMatchObject({ field: 'totpData.code', violatedRule: 'MAX_LENGTH' });
  });

  it('factors this store cannot serve (recovery codes it does: recovery-codes.test.ts)', async () => {
    const cases = [
      ['SMS', 'smsData', 'SMS_PROVIDER'],
      ['CALL', 'callData', 'VOICE_CALL_PROVIDER'],
      ['PUSH', 'pushData', 'PUSH_AUTHENTICATOR'],
      ['WEBAUTHN', 'webauthnData', 'WEBAUTHN_SUPPORT'],
    ] as const;
    for (const [factorType, field, missing] of cases) {
      const reply = await verify(t, { stateToken, factorType, [field]: { code: '123456' } });
      expect(reply.statusCode, factorType).toBe(400);
      expect(applicationErrorOf(reply)).toMatchObject({
        code: 'UNIMPLEMENTED_FEATURE',
        data: { factorType, missing },
      });
    }
    const path = await post(t, '/_api/iam/authentication/v2/sms/verify', {
      stateToken,
      smsData: { code: '1' },
    });
    expect(applicationErrorOf(path)).toMatchObject({
      code: 'UNIMPLEMENTED_FEATURE',
      data: { missing: 'SMS_PROVIDER' },
    });
  });

  it('a factor the member has not set up, and an unknown or finished step', async () => {
    const notOn = await verify(t, { stateToken, factorType: 'EMAIL' });
    expect(applicationErrorOf(notOn)).toMatchObject({
      code: 'FACTOR_NOT_ENABLED',
      data: { factorType: 'EMAIL', availableFactors: ['TOTP'] },
    });
    const unknown = await verify(t, {
      stateToken: 'osm_unknown',
      factorType: 'TOTP',
      totpData: { code: '1' },
    });
    expect(applicationErrorOf(unknown)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
    // A state token of another kind (e-mail verification) is not a login's second-factor step.
    const other = await verify(t, { stateToken: 'ost_x', factorType: 'TOTP', totpData: { code: '1' } });
    expect(applicationErrorOf(other)).toMatchObject({ code: 'INVALID_STATE_TOKEN' });
  });
});

describe('races: a code works once', () => {
  it('the same TOTP code sent ten times at once on one step: one SUCCESS', async () => {
    const member = await totpMember();
    s.later(30_000);
    const { stateToken } = (await login(t, member.email)).json();
    const code = currentTotpCode(member.secret as string, s.now());
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => verify(t, { stateToken, factorType: 'TOTP', totpData: { code } })),
    );
    expect(replies.filter((r) => r.statusCode === 200).map((r) => r.json().state)).toEqual(['SUCCESS']);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(9);
  });

  it('the same TOTP code on two login steps at once: one SUCCESS', async () => {
    const member = await totpMember();
    s.later(30_000);
    const steps = await Promise.all([login(t, member.email), login(t, member.email)]);
    const code = currentTotpCode(member.secret as string, s.now());
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
