import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memberTokens, post, registerMember, uniqueEmail } from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';
import { currentTotpCode } from './factors.service.js';

let t: TestApp;
let now = new Date('2030-04-01T12:00:00.000Z');
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  ({ clientId } = await createClient(t, await merchantKey(t.database)));
});
afterAll(() => t.close());

const step = () => {
  now = new Date(now.getTime() + 30_000);
};
const login = (email: string) =>
  post(t, '/_api/iam/authentication/v2/login', { loginId: { email }, password: 'secret123' });

describe('TOTP second factor', () => {
  it('enrols, then login needs the factor; /v2/totp/verify completes it; a code works once', async () => {
    const email = uniqueEmail('mfa');
    const { sessionToken } = await registerMember(t, { email });
    const member = await memberTokens(t, { clientId, sessionToken });
    const enrolled = await post(t, '/_api/iam/factors/v1/totp/enroll', {}, member.access_token);
    expect(enrolled.statusCode).toBe(200);
    const { secret, otpauthUri } = enrolled.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Not active until confirmed: login still succeeds with the password alone.
    expect((await login(email)).json().state).toBe('SUCCESS');
    expect(
      (await post(t, '/_api/iam/factors/v1/totp/activate', { code: '000000' }, member.access_token))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          t,
          '/_api/iam/factors/v1/totp/activate',
          { code: currentTotpCode(secret, now) },
          member.access_token,
        )
      ).statusCode,
    ).toBe(200);

    step();
    const first = await login(email);
    expect(first.json()).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken: expect.stringMatching(/^osm_/),
      requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'ENABLED' }] },
    });
    expect(first.json()).not.toHaveProperty('sessionToken');
    const { stateToken } = first.json();
    const wrong = await post(t, '/_api/iam/authentication/v2/totp/verify', {
      stateToken,
      totpData: { code: '123456' },
    });
    expect(wrong.json().details.applicationError.code).toBe('INVALID_VERIFICATION_CODE');
    const code = currentTotpCode(secret, now);
    const done = await post(t, '/v2/totp/verify', { stateToken, totpData: { code } });
    expect(done.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    expect(
      (await memberTokens(t, { clientId, sessionToken: done.json().sessionToken })).refresh_token_role,
    ).toBe('member');

    // The same code cannot be used again, even with a new login step in the same 30 seconds.
    const second = await login(email);
    const replay = await post(t, '/v2/TOTP/verify', {
      stateToken: second.json().stateToken,
      totpData: { code },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('answers other factor types with FACTOR_NOT_ENABLED and unknown ones as a bad enum', async () => {
    for (const type of ['sms', 'call', 'email', 'push']) {
      const reply = await post(t, `/_api/iam/authentication/v2/${type}/verify`, {
        stateToken: 'osm_x',
        smsData: { code: '1' },
      });
      expect(reply.statusCode, type).toBe(400);
      expect(reply.json().details.applicationError).toMatchObject({
        code: 'FACTOR_NOT_ENABLED',
        data: { factorType: type },
      });
    }
    const unknown = await post(t, '/v2/carrier-pigeon/verify', { stateToken: 'x' });
    expect(unknown.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'factorType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  });

  it('needs a member token to manage factors, and a current code to remove one', async () => {
    expect((await post(t, '/_api/iam/factors/v1/totp/enroll', {})).statusCode).toBe(401);
    const email = uniqueEmail('remover');
    const { sessionToken } = await registerMember(t, { email });
    const member = await memberTokens(t, { clientId, sessionToken });
    const { secret } = (await post(t, '/_api/iam/factors/v1/totp/enroll', {}, member.access_token)).json();
    step();
    await post(
      t,
      '/_api/iam/factors/v1/totp/activate',
      { code: currentTotpCode(secret, now) },
      member.access_token,
    );
    step();
    expect(
      (await post(t, '/_api/iam/factors/v1/totp/remove', { code: '000001' }, member.access_token)).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          t,
          '/_api/iam/factors/v1/totp/remove',
          { code: currentTotpCode(secret, now) },
          member.access_token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await login(email)).json().state).toBe('SUCCESS');
  });
});
