import { describe, expect, it } from 'vitest';
import { ApplicationError } from '../errors.js';
import { type FakeReply, fakeFetch, replies } from '../testing/fake-fetch.js';
import { createTransport } from '../transport.js';
import {
  chooseSecondFactor,
  createLoginFlow,
  login,
  processVerification,
  verifySecondFactor,
} from './login.js';
import type { LoginResult } from './login-states.js';

// The second-factor step: login answers SECOND_FACTOR_REQUIRED, the code goes to the platform's verify
// call, a remembered device's token rides in clientMetaData; spec §4's rules for the other states hold.

const BASE = 'https://shop.example';
function setup(...list: FakeReply[]) {
  const fake = fakeFetch(replies(...list));
  return { fake, transport: createTransport({ baseUrl: BASE, fetch: fake.fetch }) };
}
const requireMfa: FakeReply = {
  body: {
    state: 'REQUIRE_MFA',
    stateToken: 'osm_1',
    requireMfaData: {
      availableFactors: [
        { factorType: 'TOTP', factorStatus: 'ENABLED' },
        { factorType: 'EMAIL', factorStatus: 'ENABLED' },
      ],
      reason: 'USER_SETTINGS',
    },
  },
};
const emailChallenge: FakeReply = {
  body: {
    state: 'MFA_CHALLENGE',
    stateToken: 'osm_1',
    mfaChallengeData: {
      factorType: 'EMAIL',
      verificationChallengeData: { hint: 'a***@b.co' },
      availableFactors: [{ factorType: 'EMAIL', factorStatus: 'ENABLED' }],
      reason: 'USER_SETTINGS',
    },
  },
};
const step = (challenge?: 'TOTP' | 'EMAIL'): LoginResult => ({
  loginState: 'SECOND_FACTOR_REQUIRED',
  data: {
    stateToken: 'osm_1',
    factors: ['TOTP', 'EMAIL'],
    ...(challenge ? { challenge: { factorType: challenge } } : {}),
  },
});

describe('login with a second factor', () => {
  it('answers SECOND_FACTOR_REQUIRED with the factors; a device token goes in clientMetaData', async () => {
    const { fake, transport } = setup(requireMfa);
    const result = await login(transport, { email: 'a@b.co', password: 'pw', deviceToken: 'osd_x' });
    expect(result).toEqual(step());
    expect(fake.calls[0]?.body).toEqual({
      loginId: { email: 'a@b.co' },
      password: 'pw',
      clientMetaData: { deviceToken: 'osd_x' },
    });
  });

  it('sends no clientMetaData without a device token', async () => {
    const { fake, transport } = setup(requireMfa);
    await login(transport, { email: 'a@b.co', password: 'pw' });
    expect(fake.calls[0]?.body).toEqual({ loginId: { email: 'a@b.co' }, password: 'pw' });
  });
});

describe('verifySecondFactor', () => {
  it('posts the platform’s VerifyRequest (totpData) and maps SUCCESS with the device token', async () => {
    const { fake, transport } = setup({
      body: {
        state: 'SUCCESS',
        sessionToken: 'oss_1',
        additionalData: { deviceToken: { strValue: 'osd_1' } },
      },
    });
    const result = await verifySecondFactor(transport, step(), { code: '123456', rememberThisDevice: true });
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'oss_1', deviceToken: 'osd_1' } });
    expect(fake.calls[0]?.url).toBe(`${BASE}/_api/iam/authentication/v2/verify`);
    expect(fake.calls[0]?.body).toEqual({
      stateToken: 'osm_1',
      factorType: 'TOTP',
      totpData: { code: '123456' },
      rememberThisDevice: true,
    });
  });

  it('uses the challenged factor by default (emailData), or the one named', async () => {
    const { fake, transport } = setup(
      { body: { state: 'SUCCESS', sessionToken: 'a' } },
      { body: { state: 'SUCCESS', sessionToken: 'b' } },
    );
    await verifySecondFactor(transport, step('EMAIL'), { code: '111111' });
    await verifySecondFactor(transport, step('EMAIL'), { factorType: 'TOTP', code: '222222' });
    expect(fake.calls.map((call) => call.body)).toEqual([
      { stateToken: 'osm_1', factorType: 'EMAIL', emailData: { code: '111111' } },
      { stateToken: 'osm_1', factorType: 'TOTP', totpData: { code: '222222' } },
    ]);
  });

  it('throws a wrong code (the caller stays in the state to retry)', async () => {
    const { transport } = setup({
      status: 400,
      body: {
        message: 'Wrong code',
        details: {
          applicationError: { code: 'VERIFICATION_FAILED', description: 'x', data: { attemptsLeft: 4 } },
        },
      },
    });
    const error = await verifySecondFactor(transport, step(), { code: '000000' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('VERIFICATION_FAILED');
    expect((error as ApplicationError).data).toEqual({ attemptsLeft: 4 });
  });

  it('is allowed only in SECOND_FACTOR_REQUIRED, and processVerification only in EMAIL_VERIFICATION_REQUIRED', async () => {
    const { fake, transport } = setup();
    const verification: LoginResult = {
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'ost' },
    };
    await expect(verifySecondFactor(transport, verification, { code: '1' })).rejects.toThrow(
      'verifySecondFactor is only allowed in the SECOND_FACTOR_REQUIRED state (current state: EMAIL_VERIFICATION_REQUIRED)',
    );
    await expect(chooseSecondFactor(transport, { loginState: 'INITIAL' }, 'EMAIL')).rejects.toThrow(
      /only allowed in the SECOND_FACTOR_REQUIRED state/,
    );
    await expect(processVerification(transport, step(), { verificationCode: '1' })).rejects.toThrow(
      /only allowed in the EMAIL_VERIFICATION_REQUIRED state \(current state: SECOND_FACTOR_REQUIRED\)/,
    );
    expect(fake.calls).toHaveLength(0);
  });
});

describe('chooseSecondFactor', () => {
  it('posts the factor without a code and answers the challenge (masked hint)', async () => {
    const { fake, transport } = setup(emailChallenge);
    const result = await chooseSecondFactor(transport, step(), 'EMAIL');
    expect(result).toEqual({
      loginState: 'SECOND_FACTOR_REQUIRED',
      data: {
        stateToken: 'osm_1',
        factors: ['EMAIL'],
        challenge: { factorType: 'EMAIL', hint: 'a***@b.co' },
      },
    });
    expect(fake.calls[0]?.body).toEqual({ stateToken: 'osm_1', factorType: 'EMAIL' });
  });
});

describe('createLoginFlow', () => {
  it('carries the step from login to choose to verify', async () => {
    const { fake, transport } = setup(requireMfa, emailChallenge, {
      body: { state: 'SUCCESS', sessionToken: 'oss' },
    });
    const flow = createLoginFlow(transport);
    await flow.login({ email: 'a@b.co', password: 'pw' });
    expect(flow.state.loginState).toBe('SECOND_FACTOR_REQUIRED');
    await flow.chooseSecondFactor('EMAIL');
    expect(flow.state).toMatchObject({ data: { challenge: { factorType: 'EMAIL' } } });
    await flow.verifySecondFactor({ code: '123456' });
    expect(flow.state).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'oss' } });
    expect(fake.calls[2]?.body).toEqual({
      stateToken: 'osm_1',
      factorType: 'EMAIL',
      emailData: { code: '123456' },
    });
  });
});
