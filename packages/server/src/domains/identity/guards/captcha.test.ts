import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, setSettings, solvedCaptcha, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

const solved = (siteKey: string) => solvedCaptcha(t, siteKey);
const register = (captchaTokens?: unknown[]) =>
  post(t, '/_api/iam/authentication/v2/register', {
    loginId: { email: uniqueEmail() },
    password: 'secret123',
    ...(captchaTokens ? { captchaTokens } : {}),
  });
const codeOf = (reply: { json(): { details: { applicationError?: { code: string } } } }) =>
  reply.json().details.applicationError?.code;

describe('captcha (self-hosted proof of work)', () => {
  it('publishes two site keys and serves signed challenges for each', async () => {
    const settings = (await t.app.inject('/_api/iam/captcha/v1/settings')).json();
    expect(settings).toMatchObject({
      mode: 'off',
      visibleSiteKey: 'openshelf-visible',
      invisibleSiteKey: 'openshelf-invisible',
    });
    const challenge = (
      await t.app.inject(`/_api/iam/captcha/v1/challenge?siteKey=${settings.invisibleSiteKey}`)
    ).json();
    expect(challenge).toMatchObject({
      parameters: { algorithm: 'SHA-256', data: { kind: 'invisible' } },
      signature: expect.any(String),
    });
    const unknown = await t.app.inject('/_api/iam/captcha/v1/challenge?siteKey=nope');
    expect(unknown.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'siteKey',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  });

  it('is not asked for while off (the default), and enforced on register and login when on', async () => {
    expect((await register()).json().state).toBe('SUCCESS');
    await setSettings(t, owner, { captchaMode: 'invisible' });
    try {
      const missing = await register();
      expect(missing.statusCode).toBe(400);
      expect(codeOf(missing)).toBe('-19971');
      expect(codeOf(await register([{ InvisibleRecaptcha: 'forged' }]))).toBe('-19970');
      const token = await solved('openshelf-invisible');
      // Both answers in one entry, as the public client sends them.
      expect((await register([{ Recaptcha: undefined, InvisibleRecaptcha: token }])).json().state).toBe(
        'SUCCESS',
      );
      expect(codeOf(await register([{ InvisibleRecaptcha: token }]))).toBe('-19970');
      const wrongKind = await solved('openshelf-visible');
      expect(codeOf(await register([{ InvisibleRecaptcha: wrongKind }]))).toBe('-19970');
      expect((await register([{ Recaptcha: wrongKind }])).json().state).toBe('SUCCESS');
      const login = await post(t, '/_api/iam/authentication/v2/login', {
        loginId: { email: uniqueEmail() },
        password: 'x',
      });
      expect(codeOf(login)).toBe('-19971');
    } finally {
      await setSettings(t, owner, { captchaMode: 'off' });
    }
  });

  it('in visible mode accepts only the visible captcha', async () => {
    await setSettings(t, owner, { captchaMode: 'visible' });
    try {
      expect(codeOf(await register([{ InvisibleRecaptcha: await solved('openshelf-invisible') }]))).toBe(
        '-19971',
      );
      expect((await register([{ Recaptcha: await solved('visible') }])).json().state).toBe('SUCCESS');
    } finally {
      await setSettings(t, owner, { captchaMode: 'off' });
    }
  });

  it('accepts a solution once even when it is submitted twice at the same time', async () => {
    await setSettings(t, owner, { captchaMode: 'invisible' });
    try {
      const token = await solved('openshelf-invisible');
      const replies = await Promise.all([
        register([{ InvisibleRecaptcha: token }]),
        register([{ InvisibleRecaptcha: token }]),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    } finally {
      await setSettings(t, owner, { captchaMode: 'off' });
    }
  });
});
