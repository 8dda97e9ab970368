import { describe, expect, it } from 'vitest';
import { SystemError } from '../errors.js';
import { type FakeReply, fakeFetch, replies } from '../testing/fake-fetch.js';
import { createTransport } from '../transport.js';
import {
  AUTH_PATHS,
  createLoginFlow,
  login,
  processVerification,
  register,
  sendPasswordResetEmail,
} from './login.js';
import type { CaptchaTokens, LoginResult } from './login-states.js';

const BASE = 'https://shop.example';
function setup(...list: FakeReply[]) {
  const fake = fakeFetch(replies(...list));
  return { fake, transport: createTransport({ baseUrl: BASE, fetch: fake.fetch }) };
}
const appError = (status: number, code: string, message = `Server says ${code}`): FakeReply => ({
  status,
  body: { message, details: { applicationError: { code, description: message, data: {} } } },
});
const emailViolation = (field: string, data?: Record<string, unknown>): FakeReply => ({
  status: 400,
  body: {
    message: 'invalid',
    details: {
      validationError: {
        fieldViolations: [
          { field, description: 'must be a valid e-mail', violatedRule: 'FORMAT', ...(data ? { data } : {}) },
        ],
      },
    },
  },
});

describe('register', () => {
  it('posts loginId, password and profile, and maps the reply', async () => {
    const { fake, transport } = setup({ body: { state: 'SUCCESS', sessionToken: 'st' } });
    const result = await register(transport, {
      email: 'new@b.c',
      password: 'secret123',
      profile: { nickname: 'Neo' },
    });
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'st' } });
    expect(fake.calls[0]?.url).toBe(`${BASE}/_api/iam/authentication/v2/register`);
    expect(fake.calls[0]?.method).toBe('POST');
    expect(fake.calls[0]?.rawBody).toBe(
      '{"loginId":{"email":"new@b.c"},"password":"secret123","profile":{"nickname":"Neo"}}',
    );
  });

  it('sends an empty profile when none is given, and captcha tokens when given', async () => {
    const { fake, transport } = setup({ body: { state: 'SUCCESS', sessionToken: 'st' } });
    await register(transport, {
      email: 'a@b.c',
      password: 'p',
      captchaTokens: { recaptchaToken: 'vis', invisibleRecaptchaToken: 'inv' },
    });
    expect(fake.calls[0]?.body).toEqual({
      loginId: { email: 'a@b.c' },
      password: 'p',
      profile: {},
      captchaTokens: [{ Recaptcha: 'vis' }, { InvisibleRecaptcha: 'inv' }],
    });
  });

  const visible: CaptchaTokens = { recaptchaToken: 'vis' };
  it.each<[string, FakeReply, CaptchaTokens | undefined, LoginResult]>([
    [
      'e-mail violation by field',
      emailViolation('loginId.email'),
      undefined,
      { loginState: 'FAILURE', error: 'must be a valid e-mail', errorCode: 'invalidEmail' },
    ],
    [
      'e-mail violation by data.type',
      emailViolation('loginId', { type: 'EMAIL' }),
      undefined,
      { loginState: 'FAILURE', error: 'must be a valid e-mail', errorCode: 'invalidEmail' },
    ],
    [
      'another violation',
      emailViolation('password'),
      undefined,
      { loginState: 'FAILURE', error: 'INVALID_ARGUMENT: "password" must be a valid e-mail' },
    ],
    [
      'e-mail exists',
      appError(409, '-19995', 'Email already exists'),
      undefined,
      { loginState: 'FAILURE', error: 'Email already exists', errorCode: 'emailAlreadyExists' },
    ],
    [
      'missing captcha with a visible token sent',
      appError(400, '-19971', 'Missing captcha'),
      visible,
      { loginState: 'FAILURE', error: 'Missing captcha', errorCode: 'missingCaptchaToken' },
    ],
    [
      'invalid captcha with a visible token sent',
      appError(400, '-19970', 'Bad captcha'),
      visible,
      { loginState: 'FAILURE', error: 'Bad captcha', errorCode: 'invalidCaptchaToken' },
    ],
    [
      'another application error',
      appError(403, 'REGISTRATION_CLOSED', 'Closed'),
      undefined,
      { loginState: 'FAILURE', error: 'Closed' },
    ],
  ])('%s', async (_name, reply, captchaTokens, expected) => {
    const { transport } = setup(reply);
    expect(
      await register(transport, {
        email: 'a@b.c',
        password: 'p',
        ...(captchaTokens ? { captchaTokens } : {}),
      }),
    ).toEqual(expected);
  });

  it('throws system errors rather than calling them a form error', async () => {
    const { transport } = setup({ status: 500, body: { message: 'down' } });
    await expect(register(transport, { email: 'a@b.c', password: 'p' })).rejects.toBeInstanceOf(SystemError);
  });
});

describe('login', () => {
  it('posts loginId and password to the login path', async () => {
    const { fake, transport } = setup({ body: { state: 'REQUIRE_OWNER_APPROVAL' } });
    expect(await login(transport, { email: 'a@b.c', password: 'secret123' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(fake.calls[0]?.url).toBe(`${BASE}${AUTH_PATHS.login}`);
    expect(fake.calls[0]?.rawBody).toBe('{"loginId":{"email":"a@b.c"},"password":"secret123"}');
  });

  const visible: CaptchaTokens = { recaptchaToken: 'vis' };
  it.each<[string, FakeReply, CaptchaTokens | undefined, LoginResult]>([
    [
      'wrong password',
      appError(401, '-19976', 'Wrong password'),
      undefined,
      { loginState: 'FAILURE', error: 'Wrong password', errorCode: 'invalidPassword' },
    ],
    [
      'password must be reset',
      appError(401, '-19973', 'Reset needed'),
      undefined,
      { loginState: 'FAILURE', error: 'Reset needed', errorCode: 'resetPassword' },
    ],
    [
      'missing captcha with a visible token sent',
      appError(400, '-19971', 'Missing captcha'),
      visible,
      { loginState: 'FAILURE', error: 'Missing captcha', errorCode: 'missingCaptchaToken' },
    ],
    [
      'invalid captcha with a visible token sent',
      appError(400, '-19970', 'Bad captcha'),
      visible,
      { loginState: 'FAILURE', error: 'Bad captcha', errorCode: 'invalidCaptchaToken' },
    ],
    [
      'unknown code',
      appError(404, '-19999', 'No such member'),
      undefined,
      { loginState: 'FAILURE', error: 'No such member', errorCode: 'invalidEmail' },
    ],
    [
      '404 without details',
      { status: 404, body: { message: 'Not here' } },
      undefined,
      { loginState: 'FAILURE', error: 'Not here', errorCode: 'invalidEmail' },
    ],
    [
      'validation error',
      emailViolation('loginId.email'),
      undefined,
      { loginState: 'FAILURE', error: 'must be a valid e-mail', errorCode: 'invalidEmail' },
    ],
  ])('%s', async (_name, reply, captchaTokens, expected) => {
    const { transport } = setup(reply);
    expect(
      await login(transport, { email: 'a@b.c', password: 'p', ...(captchaTokens ? { captchaTokens } : {}) }),
    ).toEqual(expected);
  });

  it('throws network failures (SystemError) instead of crashing or mapping them', async () => {
    const transport = createTransport({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(login(transport, { email: 'a@b.c', password: 'p' })).rejects.toBeInstanceOf(SystemError);
  });
});

describe('captcha states (register and login)', () => {
  it.each<[string, CaptchaTokens | undefined, LoginResult['loginState'], string]>([
    ['-19971', undefined, 'SILENT_CAPTCHA_REQUIRED', 'missingCaptchaToken'],
    ['-19971', {}, 'SILENT_CAPTCHA_REQUIRED', 'missingCaptchaToken'],
    ['-19971', { invisibleRecaptchaToken: 'inv' }, 'USER_CAPTCHA_REQUIRED', 'missingCaptchaToken'],
    ['-19970', { invisibleRecaptchaToken: 'inv' }, 'USER_CAPTCHA_REQUIRED', 'invalidCaptchaToken'],
    ['-19970', undefined, 'FAILURE', 'invalidCaptchaToken'],
    ['-19971', { recaptchaToken: 'vis', invisibleRecaptchaToken: 'inv' }, 'FAILURE', 'missingCaptchaToken'],
    ['-19970', { recaptchaToken: 'vis' }, 'FAILURE', 'invalidCaptchaToken'],
  ])('code %s with tokens %o → %s (%s)', async (code, captchaTokens, loginState, errorCode) => {
    for (const action of [register, login]) {
      const { transport } = setup(appError(400, code, 'Captcha needed'));
      const result = await action(transport, {
        email: 'a@b.c',
        password: 'p',
        ...(captchaTokens ? { captchaTokens } : {}),
      });
      expect(result).toEqual({ loginState, error: 'Captcha needed', errorCode });
    }
  });
});

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
