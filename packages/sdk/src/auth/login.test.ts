import { describe, expect, it } from 'vitest';
import { SystemError } from '../errors.js';
import type { FakeReply } from '../testing/fake-fetch.js';
import { appError, BASE, emailViolation, setup } from '../testing/login-replies.js';
import { createTransport } from '../transport.js';
import { AUTH_PATHS, login, register } from './login.js';
import type { CaptchaTokens, LoginResult } from './login-states.js';

// Registering and logging in: the requests sent and the replies mapped to login states. Verification,
// password reset and the login flow: login-flow.test.ts.
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
