import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, memberTokens, post, registerMember, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { login, memberClient, memberWithFactors } from '../../../testing/second-factors.js';
import { currentTotpCode } from './totp.rules.js';

// A member's own second factors (/_api/iam/factors/v1/{factorType}/…): setting up, confirming, removing,
// and the factors this store cannot serve.

let t: TestApp;
let now = new Date('2030-04-01T12:00:00.000Z');
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  clientId = await memberClient(t);
});
afterAll(() => t.close());

/** The next 30-second TOTP step: a code is accepted once per step. */
const nextStep = () => {
  now = new Date(now.getTime() + 30_000);
};
const factorPost = (path: string, body: unknown, token?: string) =>
  post(t, `/_api/iam/factors/v1/${path}`, body, token);

async function newMember() {
  const email = uniqueEmail('factors');
  const { sessionToken } = await registerMember(t, { email });
  const { access_token } = await memberTokens(t, { clientId, sessionToken });
  return { email, token: access_token };
}

const factorsOf = async (token: string) =>
  (
    await t.app.inject({ url: '/_api/iam/identity/v1/identities/me', headers: { authorization: token } })
  ).json().identity.factors as { type: string; status: string }[];

describe('authenticator app (TOTP)', () => {
  it('is INACTIVE until a first code confirms it; then login asks for it', async () => {
    const { email, token } = await newMember();
    const enrolled = await factorPost('totp/enroll', {}, token);
    expect(enrolled.statusCode).toBe(200);
    const { secret, otpauthUri, factorId } = enrolled.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toMatch(/algorithm=SHA1&digits=6&period=30/);
    expect(await factorsOf(token)).toEqual([{ factorId, type: 'TOTP', status: 'INACTIVE' }]);
    expect((await login(t, email)).json().state).toBe('SUCCESS');

    const wrong = await factorPost('totp/activate', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.validationError.fieldViolations[0]).toMatchObject({ field: 'code' });
    expect(
      (await factorPost('TOTP/activate', { code: currentTotpCode(secret, now) }, token)).statusCode,
    ).toBe(200);
    expect(await factorsOf(token)).toEqual([{ factorId, type: 'TOTP', status: 'ACTIVE' }]);
    expect((await login(t, email)).json().state).toBe('REQUIRE_MFA');
    // Already on: a second enrolment would silently replace the secret the app holds.
    expect((await factorPost('totp/enroll', {}, token)).json().details.applicationError.code).toBe(
      'FACTOR_ALREADY_EXISTS',
    );
  });

  it('needs a current code to be removed', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    nextStep();
    const wrong = await factorPost('totp/remove', { code: '000001' }, member.accessToken);
    expect(wrong.statusCode).toBe(400);
    expect((await login(t, member.email)).json().state).toBe('REQUIRE_MFA');
    const code = currentTotpCode(member.secret as string, now);
    expect((await factorPost('totp/remove', { code }, member.accessToken)).statusCode).toBe(200);
    expect((await login(t, member.email)).json().state).toBe('SUCCESS');
    expect(await factorsOf(member.accessToken)).toEqual([]);
  });

  it('has no codes to send', async () => {
    const { token } = await newMember();
    const reply = await factorPost('totp/send-code', {}, token);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'factorType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  });
});

describe('codes by e-mail (EMAIL)', () => {
  it('is turned on with an e-mailed code, which also verifies the address', async () => {
    const { email, token } = await newMember();
    const enrolled = await factorPost('email/enroll', {}, token);
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json()).toEqual({ factorId: expect.any(String) });
    const code = await mailboxCode(t, email);
    expect((await login(t, email)).json().state).toBe('SUCCESS');
    const wrong = await factorPost(
      'email/activate',
      { code: code === '000000' ? '111111' : '000000' },
      token,
    );
    expect(wrong.json().details.applicationError).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 4 },
    });
    expect((await factorPost('email/activate', { code }, token)).statusCode).toBe(200);
    expect(await factorsOf(token)).toEqual([expect.objectContaining({ type: 'EMAIL', status: 'ACTIVE' })]);
    const me = await t.app.inject({
      url: '/_api/iam/identity/v1/identities/me',
      headers: { authorization: token },
    });
    expect(me.json().identity.email).toEqual({ address: email, isVerified: true });
    expect((await login(t, email)).json().state).toBe('MFA_CHALLENGE');
  });

  it('is removed with a code e-mailed for that (send-code), not with an older one', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['EMAIL'], now: () => now });
    const before = await mailboxCode(t, member.email);
    const noCodeYet = await factorPost('email/remove', { code: before }, member.accessToken);
    expect(noCodeYet.json().details.applicationError.code).toBe('VERIFICATION_FAILED');
    expect((await factorPost('email/send-code', {}, member.accessToken)).statusCode).toBe(200);
    const code = await mailboxCode(t, member.email);
    expect((await factorPost('email/remove', { code }, member.accessToken)).statusCode).toBe(200);
    expect(await factorsOf(member.accessToken)).toEqual([]);
    expect((await login(t, member.email)).json().state).toBe('SUCCESS');
  });

  it('a member may use both; each is listed', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP', 'EMAIL'], now: () => now });
    expect((await factorsOf(member.accessToken)).map((f) => [f.type, f.status])).toEqual([
      ['TOTP', 'ACTIVE'],
      ['EMAIL', 'ACTIVE'],
    ]);
  });
});

describe('refusals', () => {
  it('needs a member token', async () => {
    for (const path of ['totp/enroll', 'email/enroll', 'email/send-code']) {
      expect((await factorPost(path, {})).statusCode, path).toBe(401);
    }
  });

  it('answers factors this store cannot serve with a 400 naming what is missing', async () => {
    const { token } = await newMember();
    const missing = {
      sms: 'SMS_PROVIDER',
      call: 'VOICE_CALL_PROVIDER',
      push: 'PUSH_AUTHENTICATOR',
      webauthn: 'WEBAUTHN_SUPPORT',
    };
    for (const [type, what] of Object.entries(missing)) {
      for (const [action, body] of [
        ['enroll', {}],
        ['activate', { code: '123456' }],
        ['remove', { code: '123456' }],
      ] as const) {
        const reply = await factorPost(`${type}/${action}`, body, token);
        expect(reply.statusCode, `${type}/${action}`).toBe(400);
        expect(reply.json().details.applicationError).toMatchObject({
          code: 'UNIMPLEMENTED_FEATURE',
          data: { factorType: type.toUpperCase(), missing: what, availableFactorTypes: ['TOTP', 'EMAIL'] },
        });
      }
    }
    const sms = await factorPost('sms/enroll', {}, token);
    expect(sms.json().details.applicationError.description).toContain('no SMS provider configured');
  });

  it('names the allowed factor types for an unknown one, and PASSWORD is not a second factor', async () => {
    const { token } = await newMember();
    const unknown = await factorPost('carrier-pigeon/enroll', {}, token);
    expect(unknown.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'factorType',
      violatedRule: 'INVALID_ENUM_VALUE',
      description: expect.stringContaining('TOTP'),
    });
    const password = await factorPost('password/enroll', {}, token);
    expect(password.statusCode).toBe(400);
    expect(password.json().details.validationError.fieldViolations[0].description).toContain('first factor');
  });

  it('confirming or removing a factor that is not being set up', async () => {
    const { token } = await newMember();
    expect(
      (await factorPost('totp/activate', { code: '123456' }, token)).json().details.applicationError,
    ).toMatchObject({ code: 'FACTOR_NOT_FOUND' });
    expect((await factorPost('email/send-code', {}, token)).statusCode).toBe(404);
    // Nothing to remove is nothing to refuse.
    expect((await factorPost('email/remove', { code: '123456' }, token)).statusCode).toBe(200);
  });
});
