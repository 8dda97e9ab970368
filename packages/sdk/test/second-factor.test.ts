import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../server/src/domains/identity/second-factors/totp.rules.js';
import { createClient, type OpenshelfClient } from '../src/client.js';
import { ApplicationError } from '../src/errors.js';
import { mailedCode, type SdkServer, SHOP_CALLBACK, startServer } from './harness.js';

// The SDK's second-factor step against a real server: a member sets up factors with the auth module,
// logs in to SECOND_FACTOR_REQUIRED, completes it (remembering the device), and the remembered device
// logs in without it.

let server: SdkServer;
let offset = 0;
const now = () => new Date(Date.now() + offset);
/** The next authenticator step: each code is accepted once. */
const nextStep = () => {
  offset += 30_000;
};

beforeAll(async () => {
  server = await startServer({ clock: now });
});
afterAll(() => server.close());

const PASSWORD = 'correct horse 42';
const newClient = (): OpenshelfClient =>
  createClient({ baseUrl: server.baseUrl, clientId: server.clientId, redirectUri: SHOP_CALLBACK });

async function memberWith(factor: 'TOTP' | 'EMAIL') {
  const client = newClient();
  const email = `sdk-mfa-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await client.auth.register({ email, password: PASSWORD });
  if (registered.loginState !== 'SUCCESS') throw new Error(registered.loginState);
  await client.auth.getMemberTokensForDirectLogin(registered.data.sessionToken);
  const enrolled = await client.auth.enrollFactor(factor);
  const code = enrolled.secret ? currentTotpCode(enrolled.secret, now()) : await mailedCode(server, email);
  await client.auth.activateFactor(factor, code);
  return { client, email, secret: enrolled.secret };
}

describe('second factors through the SDK', () => {
  it('TOTP: SECOND_FACTOR_REQUIRED → a wrong code throws, the state stays → the right one signs in and remembers the device', async () => {
    const { email, secret } = await memberWith('TOTP');
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    nextStep();
    const client = newClient();
    const step = await client.auth.login({ email, password: PASSWORD });
    expect(step).toMatchObject({ loginState: 'SECOND_FACTOR_REQUIRED', data: { factors: ['TOTP'] } });

    const right = currentTotpCode(secret as string, now());
    const wrong = await client.auth
      .verifySecondFactor({ code: right === '000000' ? '111111' : '000000' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApplicationError);
    expect((wrong as ApplicationError).code).toBe('VERIFICATION_FAILED');
    expect(client.auth.loginState.loginState).toBe('SECOND_FACTOR_REQUIRED');

    const done = await client.auth.verifySecondFactor({
      code: currentTotpCode(secret as string, now()),
      rememberThisDevice: true,
    });
    expect(done.loginState).toBe('SUCCESS');
    if (done.loginState !== 'SUCCESS') return;
    expect(done.data.deviceToken).toMatch(/^osd_/);
    const tokens = await client.auth.getMemberTokensForDirectLogin(done.data.sessionToken);
    expect(tokens.refreshToken.role).toBe('member');

    const again = await newClient().auth.login({
      email,
      password: PASSWORD,
      deviceToken: done.data.deviceToken,
    });
    expect(again.loginState).toBe('SUCCESS');
    expect((await newClient().auth.login({ email, password: PASSWORD })).loginState).toBe(
      'SECOND_FACTOR_REQUIRED',
    );
  });

  it('EMAIL: the code is e-mailed at login (challenge with a hint); a new one on request; removal needs a code', async () => {
    const member = await memberWith('EMAIL');
    const client = newClient();
    const step = await client.auth.login({ email: member.email, password: PASSWORD });
    expect(step).toMatchObject({
      loginState: 'SECOND_FACTOR_REQUIRED',
      data: { factors: ['EMAIL'], challenge: { factorType: 'EMAIL', hint: expect.stringContaining('***@') } },
    });
    const resent = await client.auth.chooseSecondFactor('EMAIL');
    expect(resent).toMatchObject({ data: { challenge: { factorType: 'EMAIL' } } });
    const done = await client.auth.verifySecondFactor({ code: await mailedCode(server, member.email) });
    expect(done.loginState).toBe('SUCCESS');

    await member.client.auth.sendFactorCode('EMAIL');
    await member.client.auth.removeFactor('EMAIL', await mailedCode(server, member.email));
    expect((await newClient().auth.login({ email: member.email, password: PASSWORD })).loginState).toBe(
      'SUCCESS',
    );
  });

  it('factors this store cannot serve are refused with what is missing', async () => {
    const { client } = await memberWith('TOTP');
    const error = await client.auth.enrollFactor('SMS' as 'TOTP').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('UNIMPLEMENTED_FEATURE');
    expect((error as ApplicationError).data).toMatchObject({ missing: 'SMS_PROVIDER' });
  });
});
