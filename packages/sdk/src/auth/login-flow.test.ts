import { describe, expect, it } from 'vitest';
import { appError, BASE, setup } from '../testing/login-replies.js';
import { createLoginFlow, processVerification, sendPasswordResetEmail } from './login.js';
import type { LoginResult } from './login-states.js';

// After the login form: e-mail verification, password reset, and the flow that keeps the state between.
describe('processVerification', () => {
  const waiting: LoginResult = {
    loginState: 'EMAIL_VERIFICATION_REQUIRED',
    data: { stateToken: 'state-token-1' },
  };

  it('posts the code with the kept state token and maps the reply', async () => {
    const { fake, transport } = setup({ body: { state: 'SUCCESS', sessionToken: 'st-2' } });
    expect(await processVerification(transport, waiting, { verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st-2' },
    });
    expect(fake.calls[0]?.url).toBe(`${BASE}/_api/iam/verification/v1/auth/verify`);
    expect(fake.calls[0]?.rawBody).toBe('{"code":"123456","stateToken":"state-token-1"}');
  });

  it.each<LoginResult>([
    { loginState: 'INITIAL' },
    { loginState: 'SUCCESS', data: { sessionToken: 's' } },
    { loginState: 'FAILURE', error: 'x' },
    { loginState: 'OWNER_APPROVAL_REQUIRED' },
    { loginState: 'USER_CAPTCHA_REQUIRED', error: 'x', errorCode: 'missingCaptchaToken' },
    { loginState: 'SILENT_CAPTCHA_REQUIRED', error: 'x', errorCode: 'missingCaptchaToken' },
  ])('is refused in $loginState without a request', async (current) => {
    const { fake, transport } = setup({ body: {} });
    await expect(processVerification(transport, current, { verificationCode: '1' })).rejects.toThrow(
      new Error(
        `processVerification is only allowed in the EMAIL_VERIFICATION_REQUIRED state (current state: ${current.loginState})`,
      ),
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('throws a wrong code so that the flow stays in EMAIL_VERIFICATION_REQUIRED and can retry', async () => {
    const { fake, transport } = setup(
      { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-token-1' } },
      appError(400, 'WRONG_CODE', 'Wrong code'),
      { body: { state: 'SUCCESS', sessionToken: 'st' } },
    );
    const flow = createLoginFlow(transport);
    await flow.login({ email: 'a@b.c', password: 'p' });
    await expect(flow.processVerification({ verificationCode: '0' })).rejects.toThrow(/^Wrong code$/);
    expect(flow.state).toEqual(waiting);
    expect(await flow.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st' },
    });
    expect(fake.calls).toHaveLength(3);
  });
});

describe('sendPasswordResetEmail', () => {
  it('posts e-mail and redirect to the recovery path', async () => {
    const { fake, transport } = setup({ body: {} });
    await expect(
      sendPasswordResetEmail(transport, {
        email: 'a@b.c',
        redirectUrl: 'https://shop.example/reset',
        clientId: 'client-1',
      }),
    ).resolves.toBeUndefined();
    expect(fake.calls[0]?.url).toBe(`${BASE}/_api/iam/recovery/v1/send-email`);
    expect(fake.calls[0]?.rawBody).toBe(
      '{"email":"a@b.c","redirect":{"url":"https://shop.example/reset","clientId":"client-1"}}',
    );
  });
});

describe('createLoginFlow', () => {
  it('keeps the state token between login and verification', async () => {
    const { fake, transport } = setup(
      { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-token' } },
      { body: { state: 'SUCCESS', sessionToken: 'session' } },
    );
    const flow = createLoginFlow(transport);
    expect(flow.state).toEqual({ loginState: 'INITIAL' });
    await flow.login({ email: 'a@b.c', password: 'p' });
    expect(flow.state).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'st-token' },
    });
    const result = await flow.processVerification({ verificationCode: '123456' });
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'session' } });
    expect(flow.state).toBe(result);
    expect(fake.calls[1]?.body).toEqual({ code: '123456', stateToken: 'st-token' });
    flow.reset();
    expect(flow.state).toEqual({ loginState: 'INITIAL' });
  });

  it('refuses verification before any login', async () => {
    const { transport } = setup({ body: {} });
    await expect(createLoginFlow(transport).processVerification({ verificationCode: '1' })).rejects.toThrow(
      /only allowed in the EMAIL_VERIFICATION_REQUIRED state \(current state: INITIAL\)/,
    );
  });

  it('records a register failure as its state', async () => {
    const { transport } = setup(appError(409, '-19995', 'Taken'));
    const flow = createLoginFlow(transport);
    await flow.register({ email: 'a@b.c', password: 'p' });
    expect(flow.state).toEqual({ loginState: 'FAILURE', error: 'Taken', errorCode: 'emailAlreadyExists' });
  });
});
